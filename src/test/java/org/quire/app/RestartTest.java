package org.quire.app;

import org.junit.jupiter.api.Test;
import org.quire.Api;
import org.quire.platform.Json;
import org.quire.platform.config.QuireConfig;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** A second start on the same data directory keeps the data; closing stops the embedded PostgreSQL. */
class RestartTest {

    static long postgresProcessesFor(Path dir) {
        return ProcessHandle.allProcesses()
                .filter(p -> p.info().commandLine().map(cmd -> cmd.contains("postgres") && cmd.contains(dir.toString()))
                        .orElse(false))
                .count();
    }

    @Test
    void restartKeepsData_andLeavesNoPostgresBehind() throws Exception {
        Path dir = Files.createTempDirectory("quire-restart");
        QuireConfig config = new QuireConfig(0, dir, null, null, null, 4, false, false);
        String id;
        try (QuireServer first = QuireServer.start(config)) {
            first.installer().install("restart", "Restart", new TenantInstaller.Options(true, false, "admin", "pw"));
            Api api = new Api("http://localhost:" + first.port());
            Api.Reply r = api.login("restart", "admin", "pw").post("/material-types", Json.object().put("name", "zine"));
            assertThat(r.status()).isEqualTo(201);
            id = r.json().path("id").asText();
            assertThat(postgresProcessesFor(dir)).isPositive();
        }
        assertThat(postgresProcessesFor(dir)).as("embedded PostgreSQL stopped on close").isZero();

        try (QuireServer second = QuireServer.start(config)) {
            Api api = new Api("http://localhost:" + second.port());
            Api.Reply r = api.login("restart", "admin", "pw").get("/material-types/" + id);
            assertThat(r.status()).isEqualTo(200);
            assertThat(r.json().path("name").asText()).isEqualTo("zine");
        }
        assertThat(postgresProcessesFor(dir)).isZero();
    }
}
