package org.quire.marc;

import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * Look-ahead iteration shared by the ISO 2709 and MARCXML readers: a subclass reads one entry at a time and sets
 * {@code done} at the end of the input.
 */
abstract class EntryIterator implements Iterator<MarcRecordOrError> {
    private MarcRecordOrError next;
    protected boolean done;

    /** The next entry, or null when there is none (and {@code done} is set). */
    protected abstract MarcRecordOrError readNext();

    @Override
    public final boolean hasNext() {
        if (next == null && !done) {
            next = readNext();
        }
        return next != null;
    }

    @Override
    public final MarcRecordOrError next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        MarcRecordOrError result = next;
        next = null;
        return result;
    }
}
