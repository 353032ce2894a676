package org.quire.marc;

import java.io.InputStream;
import java.util.Iterator;
import java.util.NoSuchElementException;
import org.marc4j.MarcXmlReader;

/**
 * Iterates a MARCXML file. A well-formedness error ends the document for any XML parser, so the
 * first parse failure becomes one error entry and iteration stops there; records before it are
 * still delivered.
 */
final class MarcXmlEntries implements Iterator<MarcRecordOrError> {
  private final MarcXmlReader reader;
  private int index;
  private MarcRecordOrError next;
  private boolean done;

  MarcXmlEntries(InputStream in) {
    this.reader = new MarcXmlReader(in);
  }

  @Override
  public boolean hasNext() {
    if (next == null && !done) {
      next = readNext();
    }
    return next != null;
  }

  @Override
  public MarcRecordOrError next() {
    if (!hasNext()) {
      throw new NoSuchElementException();
    }
    MarcRecordOrError result = next;
    next = null;
    return result;
  }

  private MarcRecordOrError readNext() {
    try {
      if (!reader.hasNext()) {
        done = true;
        return null;
      }
      var record = reader.next();
      return MarcRecordOrError.ok(++index, record);
    } catch (RuntimeException e) {
      done = true;
      return MarcRecordOrError.failed(
          ++index, "MARCXML parse error: " + Iso2709Entries.describe(e));
    }
  }
}
