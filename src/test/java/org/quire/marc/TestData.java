package org.quire.marc;

import java.nio.file.Path;

/** Locates the shared real-data folder (system property quire.shared.dir, set by the pom). */
final class TestData {
    private TestData() {}

    /** The real data is required, not optional: a missing folder fails loudly instead of skipping tests. */
    static Path shared() {
        Path p = Path.of(System.getProperty("quire.shared.dir", "../shared"));
        if (!java.nio.file.Files.isDirectory(p.resolve("data/marc"))) {
            throw new IllegalStateException("The shared test data is missing at " + p.toAbsolutePath()
                    + ": check out shared/ beside this repository or set -Dquire.shared.dir");
        }
        return p;
    }

    static Path bib(String name) {
        return shared().resolve("data/marc/bib").resolve(name);
    }

    static final String LC_FILE = "lc-booksall-2016-part01.recs000001-020000.mrc";
}
