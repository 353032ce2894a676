package org.quire.dataexport;

import java.util.UUID;

/**
 * The ids an export has already taken, to leave out a repeated one as mod-data-export does. Two longs per id in one
 * open-addressed table (16–32 bytes an id; a {@code HashSet<UUID>} takes about 80): an uploaded file of a million ids
 * costs tens of megabytes, not a hundred.
 */
final class SeenIds {
    private long[] table = new long[2 * 1024];
    private boolean[] used = new boolean[1024];
    private int size;

    /** Adds the id; false when it was there already. */
    boolean add(UUID id) {
        if (size * 2 >= used.length) grow();
        return put(id.getMostSignificantBits(), id.getLeastSignificantBits());
    }

    int size() {
        return size;
    }

    private boolean put(long hi, long lo) {
        int mask = used.length - 1;
        for (int i = slot(hi, lo) & mask; ; i = (i + 1) & mask) {
            if (!used[i]) {
                used[i] = true;
                table[2 * i] = hi;
                table[2 * i + 1] = lo;
                size++;
                return true;
            }
            if (table[2 * i] == hi && table[2 * i + 1] == lo) return false;
        }
    }

    private static int slot(long hi, long lo) {
        long h = (hi ^ Long.rotateLeft(lo, 32)) * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32));
    }

    private void grow() {
        long[] oldTable = table;
        boolean[] oldUsed = used;
        table = new long[oldTable.length * 2];
        used = new boolean[oldUsed.length * 2];
        size = 0;
        for (int i = 0; i < oldUsed.length; i++) if (oldUsed[i]) put(oldTable[2 * i], oldTable[2 * i + 1]);
    }
}
