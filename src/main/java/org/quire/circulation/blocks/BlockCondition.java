package org.quire.circulation.blocks;

import java.util.Optional;
import java.util.UUID;

/** FOLIO's six fixed patron block conditions, with FOLIO's ids (seeded by V10__patron_blocks.sql). */
public enum BlockCondition {
    MAX_ITEMS_CHARGED_OUT("3d7c52dc-c732-4223-8bf8-e5917801386f", "Maximum number of items charged out", false),
    MAX_LOST_ITEMS("72b67965-5b73-4840-bc0b-be8f3f6e047e", "Maximum number of lost items", false),
    MAX_OVERDUE_ITEMS("584fbd4f-6a34-4730-a6ca-73a6a6a9d845", "Maximum number of overdue items", false),
    MAX_OVERDUE_RECALLS("e5b45031-a202-4abb-917b-e1df9346fe2c", "Maximum number of overdue recalls", false),
    RECALL_OVERDUE_BY_MAX_DAYS("08530ac4-07f2-48e6-9dda-a97bc2bf7053", "Recall overdue by maximum number of days", false),
    MAX_OUTSTANDING_FEE_FINE_BALANCE("cf7a0d5f-a327-4ca1-aa9e-dc55ec006b8a", "Maximum outstanding fee/fine balance", true);

    public final UUID id;
    public final String folioName;
    /** FOLIO's valueType "Double" (a money amount) rather than "Integer". */
    public final boolean monetary;

    BlockCondition(String id, String folioName, boolean monetary) {
        this.id = UUID.fromString(id);
        this.folioName = folioName;
        this.monetary = monetary;
    }

    public static Optional<BlockCondition> byId(UUID id) {
        for (BlockCondition c : values()) if (c.id.equals(id)) return Optional.of(c);
        return Optional.empty();
    }
}
