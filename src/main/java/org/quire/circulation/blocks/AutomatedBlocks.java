package org.quire.circulation.blocks;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.users.UsersStore;
import org.quire.platform.Json;
import org.quire.users.PatronView;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * FOLIO's automated patron blocks, computed from the patron's group limits and current counts. A limit blocks an
 * action when its condition is exceeded (FOLIO's rules, mod-patron-blocks ActionBlocks) AND the condition is set to
 * block that action.
 */
public final class AutomatedBlocks {
    private AutomatedBlocks() {
    }

    /** One block, in FOLIO's shape: {patronBlockConditionId, blockBorrowing, blockRenewals, blockRequests, message}. */
    public record Block(BlockCondition condition, boolean blockBorrowing, boolean blockRenewals, boolean blockRequests,
                        String message) {
        public ObjectNode toJson() {
            return Json.object().put("patronBlockConditionId", condition.id.toString())
                    .put("blockBorrowing", blockBorrowing).put("blockRenewals", blockRenewals)
                    .put("blockRequests", blockRequests).put("message", message == null ? "" : message);
        }
    }

    /** The action a block may forbid. */
    public enum Action {
        BORROWING(BlockLimit::blockBorrowing, Block::blockBorrowing),
        RENEWALS(BlockLimit::blockRenewals, Block::blockRenewals),
        REQUESTS(BlockLimit::blockRequests, Block::blockRequests),
        /** Any action: what GET /automated-patron-blocks lists. */
        ANY(l -> true, b -> true);

        private final Predicate<BlockLimit> configured;
        private final Predicate<Block> blocked;

        Action(Predicate<BlockLimit> configured, Predicate<Block> blocked) {
            this.configured = configured;
            this.blocked = blocked;
        }
    }

    /**
     * The patron's blocks that forbid {@code action}. Costs one statement (two for borrowing, which first locks the
     * patron so that simultaneous check-outs count each other's loans), and none at all when the patron's group has
     * no limit whose condition blocks that action (most patrons), because the limits came with the patron lookup.
     */
    public static List<Block> forPatron(Connection c, String schema, PatronView patron, Instant now, Action action)
            throws SQLException {
        List<BlockLimit> limits = BlockLimit.from(patron.blockLimits()).stream().filter(action.configured).toList();
        if (limits.isEmpty()) return List.of();
        if (action == Action.BORROWING) UsersStore.lockPatronForBorrowing(c, schema, patron.id());
        return evaluate(limits, PatronBlocksStore.counts(c, schema, patron.id(), now)).stream().filter(action.blocked).toList();
    }

    public static List<Block> evaluate(List<BlockLimit> limits, PatronCounts counts) {
        List<Block> blocks = new ArrayList<>();
        for (BlockLimit l : limits) {
            Exceeded e = exceeded(l.condition(), l.value(), counts);
            Block b = new Block(l.condition(), e.borrowing && l.blockBorrowing(), e.renewals && l.blockRenewals(),
                    e.requests && l.blockRequests(), l.message());
            if (b.blockBorrowing || b.blockRenewals || b.blockRequests) blocks.add(b);
        }
        return blocks;
    }

    private record Exceeded(boolean borrowing, boolean renewals, boolean requests) {
        static Exceeded all(boolean b) {
            return new Exceeded(b, b, b);
        }
    }

    /** FOLIO's thresholds: "maximum N" allows N, so N + 1 blocks — except that a borrower holding N items may not take another. */
    private static Exceeded exceeded(BlockCondition condition, BigDecimal limit, PatronCounts n) {
        return switch (condition) {
            case MAX_ITEMS_CHARGED_OUT -> new Exceeded(cmp(n.openLoans(), limit) >= 0, cmp(n.openLoans(), limit) > 0,
                    cmp(n.openLoans(), limit) > 0);
            case MAX_LOST_ITEMS -> Exceeded.all(cmp(n.lostItems(), limit) > 0);
            case MAX_OVERDUE_ITEMS -> Exceeded.all(cmp(n.overdueLoans(), limit) > 0);
            case MAX_OVERDUE_RECALLS -> Exceeded.all(cmp(n.overdueRecalls(), limit) > 0);
            // FOLIO: any recalled, overdue loan more days overdue than the limit (no overdue recall: nothing blocks).
            case RECALL_OVERDUE_BY_MAX_DAYS -> Exceeded.all(n.overdueRecalls() > 0 && cmp(n.maxRecallOverdueDays(), limit) > 0);
            case MAX_OUTSTANDING_FEE_FINE_BALANCE -> Exceeded.all(n.feeFineBalance().compareTo(limit) > 0);
        };
    }

    private static int cmp(long count, BigDecimal limit) {
        return BigDecimal.valueOf(count).compareTo(limit);
    }
}
