package org.quire.dataimport;

import org.junit.jupiter.api.Test;
import org.quire.platform.domain.InvalidInput;

import java.nio.file.Path;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** An upload's sourcePath names a file under the data directory, however the data directory was written. */
class UploadFilesTest {
    @Test
    void aSourcePath_resolvesUnderTheDataDirectory_givenRelativeOrDotted() {
        String source = UploadFiles.sourcePath("diku", UUID.randomUUID(), UUID.randomUUID(), "records.mrc");
        for (String dataDir : new String[]{"./data", "data", "data/../data", Path.of("data").toAbsolutePath().toString()}) {
            Path p = new UploadFiles(Path.of(dataDir)).resolve(source);
            assertThat(p).as(dataDir).isEqualTo(Path.of("data").toAbsolutePath().resolve(source).normalize());
        }
    }

    @Test
    void aSourcePathLeavingTheUploads_isRefused() {
        UploadFiles files = new UploadFiles(Path.of("./data"));
        assertThatThrownBy(() -> files.resolve("data-import/../postgres.secret")).isInstanceOf(InvalidInput.class);
        assertThatThrownBy(() -> files.resolve("../etc/passwd")).isInstanceOf(InvalidInput.class);
    }
}
