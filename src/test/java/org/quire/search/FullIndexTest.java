package org.quire.search;

import org.junit.jupiter.api.Test;
import org.quire.app.QuireServer;
import org.quire.app.TenantInstaller;
import org.quire.platform.config.QuireConfig;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The full index ({@code quire reindex}, the start-up index, the search bench's floor index) over many pages: every row
 * ends up indexed exactly once, and the progress only grows.
 */
class FullIndexTest {
    static final String TENANT = "fullidx";

    @Test
    void everyRowOfManyPages_isIndexedOnce_withProgressThatOnlyGrows() throws Exception {
        QuireConfig config = new QuireConfig(0, Files.createTempDirectory("quire-full-index"), null, null, null, 4,
                false, false);
        try (QuireServer server = QuireServer.start(config)) {
            server.installer().install(TENANT, "Full index", new TenantInstaller.Options(true, false, "admin", "pw"));
            int rows = 7 * InstanceIndexer.PAGE + 123; // eight pages, the last one short
            LiveReindexTest.insertLynxes(server, TENANT, rows);
            InstanceIndex index = server.indexes().of(TENANT);
            long before = index.count();
            assertThat(before).as("the rows have no outbox events").isZero();

            List<long[]> progress = new ArrayList<>();
            long done = server.indexer().reindex(TENANT, (d, total) -> progress.add(new long[] {d, total}));

            assertThat(done).isEqualTo(rows);
            assertThat(index.count()).as("each row once").isEqualTo(rows);
            CqlTranslator.Translated lynx = CqlTranslator.translate("title all lynx");
            assertThat(index.search(lynx.query(), lynx.sort(), 0, 0).total()).isEqualTo(rows);
            assertThat(progress).hasSize(8);
            for (int i = 1; i < progress.size(); i++) {
                assertThat(progress.get(i)[0]).isGreaterThan(progress.get(i - 1)[0]);
            }
            assertThat(progress.getLast()).containsExactly(rows, rows);
        }
    }
}
