package org.quire.bench;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A patron's open loans, as the check-out screen and the Users app ask for them: {@code GET /circulation/loans} by
 * user, with the extended representation (item, borrower, policies, service points). Its SQL floor is one statement
 * that reads the same loans with their items, holdings, instances and loan policies — everything the representation
 * shows — with the total count.
 */
final class LoansWorkflow implements Workflow {
    static final String LOANS = "GET /circulation/loans?query=(userId==… and status.name<>Closed)";
    static final String FLOOR = "SQL floor: a patron's open loans";

    @Override
    public LoadRunner.Iteration quireUser(Measurements m, TenantData t) {
        return () -> {
            String userId = randomBorrower(t);
            Timed.call(m, LOANS, () -> t.session().get("/circulation/loans?limit=100&query="
                    + BenchHttp.cql("(userId==" + userId + " and status.name<>Closed)")));
        };
    }

    @Override
    public LoadRunner.Iteration sqlFloorUser(Measurements m, TenantData t, DataSource db) {
        String s = "tenant_" + t.tenant() + ".";
        String sql = "SELECT l.jsonb, i.jsonb, h.jsonb, inst.jsonb, p.jsonb, count(*) OVER () FROM " + s + "loan l"
                + " JOIN " + s + "item i ON i.id = l.item_id"
                + " JOIN " + s + "holdings_record h ON h.id = i.holdings_record_id"
                + " JOIN " + s + "instance inst ON inst.id = h.instance_id"
                + " LEFT JOIN " + s + "loan_policy p ON p.id = l.loan_policy_id"
                + " WHERE l.user_id = ? AND l.status_name <> 'Closed' ORDER BY l.loan_date LIMIT 100";
        return () -> {
            UUID userId = UUID.fromString(randomBorrower(t));
            long start = System.nanoTime();
            boolean ok = true;
            try (Connection c = db.getConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
                ps.setObject(1, userId);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) rs.getString(1);
                }
            } catch (java.sql.SQLException e) {
                ok = false;
                m.error(FLOOR, e.getMessage());
            }
            m.record(FLOOR, start, System.nanoTime(), ok);
        };
    }

    @Override
    public Map<String, String> sqlFloorOf() {
        return Map.of(LOANS, FLOOR);
    }

    @Override
    public List<String> notes() {
        return List.of("loans: each request asks for the open loans of a random patron who had a loan when the "
                + "data was prepared.");
    }

    private static String randomBorrower(TenantData t) {
        List<String> ids = t.patronIdsWithLoans();
        return ids.get(ThreadLocalRandom.current().nextInt(ids.size()));
    }
}
