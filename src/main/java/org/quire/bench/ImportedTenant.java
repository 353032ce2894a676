package org.quire.bench;

import org.quire.cli.ImportClient;
import org.quire.cli.ProgressBar;
import org.quire.platform.Json;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.UUID;

/**
 * The set-up the catalogue benches share: a fresh tenant (created by the platform administrator, with sample
 * locations and FOLIO's "PTF - Create 2" job profile) and, for the benches that measure what comes after an import
 * ({@code export}, {@code oai}), N real LC records imported into it through FOLIO's data-import flow — instance, SRS
 * MARC bib, holdings and item each — before anything is timed.
 *
 * @param session the tenant administrator's session
 * @param records records the import job stored (its progress total)
 * @param file the imported MARC file
 */
record ImportedTenant(String tenant, String password, BenchHttp.Session session, String profileId, long records,
                      Path file) {

    /** Logs in the platform administrator, who creates tenants. */
    static BenchHttp.Session admin(BenchOptions o, BenchTarget target, BenchHttp http) throws Exception {
        return http.login(o.adminTenant(), o.adminUser(),
                o.adminPassword() != null ? o.adminPassword() : target.platformAdminPassword());
    }

    /** A new tenant {@code bench_<time>_<suffix>} with sample locations and the "PTF - Create 2" profile. */
    static ImportedTenant fresh(BenchHttp http, BenchHttp.Session admin, String suffix, Progress progress)
            throws Exception {
        String tenant = "bench_" + Long.toString(Instant.now().getEpochSecond(), 36) + "_" + suffix;
        progress.step("Preparing tenant " + tenant + " with the job profile \"" + PtfCreateProfile.NAME + "\"");
        String password = UUID.randomUUID().toString();
        admin.postOk("/_/tenants", Json.object().put("id", tenant).put("name", "quire bench " + tenant)
                .put("adminUsername", DataSetup.ADMIN).put("adminPassword", password));
        BenchHttp.Session s = http.login(tenant, DataSetup.ADMIN, password);
        DataSetup.createSampleLocations(s);
        return new ImportedTenant(tenant, password, s, PtfCreateProfile.create(s), 0, null);
    }

    /**
     * A fresh tenant holding the first {@code --records} LC records (or of {@code --marc}), imported with "PTF -
     * Create 2" and COMMITTED without a failed record: the data set of the benches after an import. Not timed.
     */
    static ImportedTenant withRecords(BenchOptions o, BenchTarget target, BenchHttp http, Path dir, String suffix,
                                      Progress progress, PrintStream out) throws Exception {
        Path file = ImportData.prepare(o.marc(), o.records(), dir, progress);
        ImportedTenant t = fresh(http, admin(o, target, http), suffix, progress);
        ImportClient client = ImportClient.login(target.url(), t.tenant(), DataSetup.ADMIN, t.password());
        ImportClient.Profile profile = client.profile(t.profileId());
        progress.step("Importing " + file.getFileName() + " with \"" + profile.name() + "\" (set-up, not timed)");
        String jobId = client.start(file, file.getFileName().toString(), profile);
        ProgressBar bar = new ProgressBar("  import", "records", new PrintWriter(out, true));
        ImportClient.JobState end = client.await(jobId, Duration.ofMillis(500), bar::update);
        long failed = client.summary(jobId).totalErrors();
        bar.done(String.format(Locale.ROOT, "  import: %s, %,d records, %,d failed", end.status(), end.total(), failed));
        if (!end.status().equals("COMMITTED") || failed > 0) {
            throw new IllegalStateException("The set-up import ended " + end.status() + " with " + failed
                    + " failed records: " + client.errors(jobId, 3));
        }
        return new ImportedTenant(t.tenant(), t.password(), t.session(), t.profileId(), end.total(), file);
    }
}
