package org.quire.marc;

import java.nio.file.Path;

/** Locates the shared real-data folder (system property quire.shared.dir, set by the pom). */
final class TestData {
  private TestData() {}

  static Path shared() {
    return Path.of(System.getProperty("quire.shared.dir", "/work/shared"));
  }

  static Path bib(String name) {
    return shared().resolve("data/marc/bib").resolve(name);
  }

  static final String LC_FILE = "lc-booksall-2016-part01.recs000001-020000.mrc";
}
