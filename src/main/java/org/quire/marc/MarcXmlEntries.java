package org.quire.marc;

import java.io.InputStream;
import org.marc4j.MarcXmlReader;

/**
 * Iterates a MARCXML file. A well-formedness error ends the document for any XML parser, so the
 * first parse failure becomes one error entry and iteration stops there; records before it are
 * still delivered.
 */
final class MarcXmlEntries extends EntryIterator {
  private final MarcXmlReader reader;
  private int index;

  MarcXmlEntries(InputStream in) {
    this.reader = new MarcXmlReader(in);
  }

  @Override
  protected MarcRecordOrError readNext() {
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
