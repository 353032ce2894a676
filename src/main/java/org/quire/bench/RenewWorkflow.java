package org.quire.bench;

import com.fasterxml.jackson.databind.JsonNode;
import org.quire.platform.Json;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Renewing all of a patron's loans, as FOLIO's Users app and the PTF's renewal script do it: load the patron's open
 * loans, then one renew-by-barcode per loan (FOLIO: 2 minutes for 200 loans). Each virtual user works on its own
 * patron with {@link DataSetup#HEAVY_LOANS} loans. The fallback loan policy renews from the current due date without
 * limit, so every renewal moves the due date.
 * <p>
 * SQL floor of one renewal: the item by barcode (locked), its open loan (locked), the loan policy, the item's open
 * requests (none, or the renewal would be refused or shortened), the loan's new
 * due date; of the whole transaction: the patron's open loans in one query, then one such renewal per loan. Its HTTP
 * floor is one call per request the transaction makes.
 */
final class RenewWorkflow implements Workflow {
    static final String LOANS = "GET /circulation/loans (the patron's open loans)";
    static final String RENEW = "POST /circulation/renew-by-barcode";
    static final String ALL = "transaction: renew all of a patron's loans";
    static final String FLOOR_RENEW = "SQL floor: renewal";
    static final String FLOOR_ALL = "SQL floor: renew all of a patron's loans";
    private static final UUID LOAN_POLICY = UUID.fromString("d9cd0bed-1b49-4b5e-a7bd-064b8d177231");

    /** Hands each virtual user of a tenant its own patron, in every phase. */
    private final Map<String, AtomicInteger> next = new ConcurrentHashMap<>();

    private TenantData.Patron nextBorrower(TenantData t) {
        List<TenantData.Patron> heavy = t.heavyBorrowers();
        return heavy.get(next.computeIfAbsent(t.tenant(), k -> new AtomicInteger()).getAndIncrement() % heavy.size());
    }

    @Override
    public LoadRunner.Iteration quireUser(Measurements m, TenantData t) {
        m.excludeFromTimeline(ALL);
        TenantData.Patron p = nextBorrower(t);
        return () -> {
            long start = System.nanoTime();
            BenchHttp.Reply loans = Timed.call(m, LOANS, () -> t.session().get("/circulation/loans?limit=1000&query="
                    + BenchHttp.cql("(userId==" + p.id() + " and status.name<>Closed)")));
            boolean ok = loans != null && loans.ok();
            if (ok) {
                for (JsonNode loan : loans.json().path("loans")) {
                    String barcode = loan.path("item").path("barcode").asText();
                    BenchHttp.Reply r = Timed.call(m, RENEW, () -> t.session().post("/circulation/renew-by-barcode",
                            Json.object().put("itemBarcode", barcode).put("userBarcode", p.barcode())));
                    ok &= r != null && r.status() == 200;
                }
            }
            m.record(ALL, start, System.nanoTime(), ok);
        };
    }

    @Override
    public LoadRunner.Iteration sqlFloorUser(Measurements m, TenantData t, DataSource db) {
        String s = "tenant_" + t.tenant() + ".";
        String list = "SELECT i.barcode FROM " + s + "loan l JOIN " + s + "item i ON i.id = l.item_id"
                + " WHERE l.user_id = ? AND l.status_name = 'Open'";
        String item = "SELECT id, jsonb FROM " + s + "item WHERE barcode = ? FOR UPDATE";
        String loan = "SELECT id, due_date FROM " + s + "loan WHERE item_id = ? AND status_name = 'Open' FOR UPDATE";
        String policy = "SELECT jsonb FROM " + s + "loan_policy WHERE id = ?";
        // A renewal must know whether a recall or hold waits for the item (FOLIO reads the request queue too).
        String requests = "SELECT id FROM " + s + "request WHERE item_id = ? AND status LIKE 'Open%' LIMIT 1";
        String renew = "UPDATE " + s + "loan SET due_date = ?, renewal_count = renewal_count + 1, action = 'renewed',"
                + " updated_date = now(), jsonb = jsonb || ?::jsonb WHERE id = ?";
        TenantData.Patron p = nextBorrower(t);
        return () -> {
            long start = System.nanoTime();
            boolean ok = true;
            try {
                List<String> barcodes = new ArrayList<>();
                try (Connection c = db.getConnection(); PreparedStatement ps = c.prepareStatement(list)) {
                    ps.setObject(1, UUID.fromString(p.id()));
                    try (ResultSet rs = ps.executeQuery()) {
                        while (rs.next()) barcodes.add(rs.getString(1));
                    }
                }
                for (String barcode : barcodes) {
                    long one = System.nanoTime();
                    try (Connection c = db.getConnection()) {
                        c.setAutoCommit(false);
                        UUID itemId = (UUID) FloorSql.first(c, item, barcode);
                        if (itemId == null) throw new SQLException("no item " + barcode);
                        UUID loanId;
                        Timestamp due;
                        try (PreparedStatement ps = c.prepareStatement(loan)) {
                            ps.setObject(1, itemId);
                            try (ResultSet rs = ps.executeQuery()) {
                                if (!rs.next()) throw new SQLException("no open loan for " + barcode);
                                loanId = (UUID) rs.getObject(1);
                                due = rs.getTimestamp(2);
                            }
                        }
                        if (FloorSql.first(c, policy, LOAN_POLICY) == null) throw new SQLException("no loan policy");
                        if (FloorSql.first(c, requests, itemId) != null) throw new SQLException("requested " + barcode);
                        Timestamp newDue = Timestamp.from(due.toInstant().plus(java.time.Duration.ofDays(30)));
                        try (PreparedStatement ps = c.prepareStatement(renew)) {
                            ps.setTimestamp(1, newDue);
                            ps.setString(2, Json.write(Json.object().put("dueDate", Json.date(newDue.toInstant()))
                                    .put("action", "renewed")));
                            ps.setObject(3, loanId);
                            ps.executeUpdate();
                        }
                        c.commit();
                    }
                    m.record(FLOOR_RENEW, one, System.nanoTime(), true);
                }
            } catch (SQLException e) {
                ok = false;
                m.error(FLOOR_ALL, e.getMessage());
            }
            m.record(FLOOR_ALL, start, System.nanoTime(), ok);
        };
    }

    @Override
    public Map<String, String> sqlFloorOf() {
        return Map.of(RENEW, FLOOR_RENEW, ALL, FLOOR_ALL);
    }

    @Override
    public int httpCallsPer(String quireLabel) {
        return quireLabel.equals(ALL) ? DataSetup.HEAVY_LOANS + 1 : 1;
    }

    @Override
    public List<String> notes() {
        return List.of("renew: each virtual user renews all loans of its own patron (" + DataSetup.HEAVY_LOANS
                + " loans); the transaction is the GET of the loans and one POST per loan; its floor is the SQL floor "
                + "of the same renewals plus " + (DataSetup.HEAVY_LOANS + 1) + " HTTP-floor calls.");
    }
}
