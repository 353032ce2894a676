package org.quire.bench;

import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ThreadLocalRandom;

/**
 * One prepared tenant: its staff session and the barcodes the virtual users work with. Quire's users and the SQL floor
 * draw from disjoint item pools, so the floor never closes a loan Quire's users expect to find open, or the reverse.
 *
 * @param instanceIds the catalogue's instances (one item each)
 * @param largeInstanceId an instance with hundreds of holdings records, when the workflow asked for one; else null
 * @param heavyBorrowers patrons with {@link DataSetup#HEAVY_LOANS} open loans each, when the workflow asked for them
 */
public record TenantData(String tenant, BenchHttp.Session session, String servicePointId, List<Patron> patrons,
                         List<String> patronIdsWithLoans, Pool quire, Pool floor, List<String> instanceIds,
                         String largeInstanceId, List<Patron> heavyBorrowers) {

    public record Patron(String id, String barcode) {
    }

    /** Item barcodes by state. An item is in at most one queue; a virtual user holds it while it works on it. */
    public record Pool(ConcurrentLinkedQueue<String> available, ConcurrentLinkedQueue<String> checkedOut) {
        public Pool() {
            this(new ConcurrentLinkedQueue<>(), new ConcurrentLinkedQueue<>());
        }

        /**
         * Takes an item for one transaction: a check-out 57% of the time and a check-in 43%, as the PTF's "43-57"
         * branch selector; whichever is possible when one queue is empty; null when both are.
         */
        public Taken take() {
            boolean out = ThreadLocalRandom.current().nextInt(100) < 57;
            String barcode = (out ? available : checkedOut).poll();
            if (barcode == null) {
                out = !out;
                barcode = (out ? available : checkedOut).poll();
            }
            return barcode == null ? null : new Taken(barcode, out);
        }

        /**
         * Puts the item back in the queue of its new state. An item whose transaction failed is left out: its state
         * is unknown, and reusing it would turn one error into many.
         */
        public void done(Taken t, boolean succeeded) {
            if (succeeded) (t.checkOut() ? checkedOut : available).add(t.barcode());
        }
    }

    public record Taken(String barcode, boolean checkOut) {
    }

    public Patron randomPatron() {
        return patrons.get(ThreadLocalRandom.current().nextInt(patrons.size()));
    }
}
