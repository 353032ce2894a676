package org.quire.bench;

import java.util.List;

/**
 * Everything one {@code quire bench} run measured; written as report.json and rendered as report.md and report.html.
 * Times are milliseconds, measured at the client with nanosecond timers.
 *
 * @param levels one entry per user level, in the order run
 * @param windows for a longevity run: the figures per window (10 minutes by default); empty otherwise
 * @param drift for a longevity run: p95 of the last window against the first, per request; empty otherwise
 * @param notes facts a reader needs to trust the figures (skipped calls, coordinated omission, floor definition)
 * @param profile with {@code --profile}: the server's CPU profile per level; null when no profile was asked for
 * @param importRun {@code quire bench import}: the import's figures against its floor; null for the other workflows
 * @param multiImport {@code quire bench multi-tenant-import}: many tenants importing while users run check-in and
 *                    check-out; null for the other workflows
 * @param exportRun {@code quire bench export}: a MARC export of the tenant's instances against its floor; null otherwise
 * @param oaiRun {@code quire bench oai}: full OAI-PMH harvests per harvester level against their floor; null otherwise
 * @param sip2 {@code quire bench sip2}: check-out/check-in over SIP2 against the same over HTTP; null for the others
 */
public record BenchReport(String workflow, String startedAt, String finishedAt, Settings settings, Machine machine,
                          DataSet data, List<LevelResult> levels, List<Window> windows, List<Drift> drift,
                          Resources resources, List<String> notes, Profile profile, ImportRun importRun,
                          MultiImport multiImport, ExportRun exportRun, OaiRun oaiRun, Sip2Run sip2) {

    /** A report of every workflow but export, oai and sip2. */
    public BenchReport(String workflow, String startedAt, String finishedAt, Settings settings, Machine machine,
                       DataSet data, List<LevelResult> levels, List<Window> windows, List<Drift> drift,
                       Resources resources, List<String> notes, Profile profile, ImportRun importRun,
                       MultiImport multiImport) {
        this(workflow, startedAt, finishedAt, settings, machine, data, levels, windows, drift, resources, notes, profile,
                importRun, multiImport, null, null, null);
    }

    /** A report of {@code quire bench export} or {@code quire bench oai}. */
    public BenchReport(String workflow, String startedAt, String finishedAt, Settings settings, Machine machine,
                       DataSet data, List<LevelResult> levels, List<Window> windows, List<Drift> drift,
                       Resources resources, List<String> notes, Profile profile, ImportRun importRun,
                       MultiImport multiImport, ExportRun exportRun, OaiRun oaiRun) {
        this(workflow, startedAt, finishedAt, settings, machine, data, levels, windows, drift, resources, notes, profile,
                importRun, multiImport, exportRun, oaiRun, null);
    }

    /** A report of {@code quire bench sip2}. */
    public BenchReport(String workflow, String startedAt, String finishedAt, Settings settings, Machine machine,
                       DataSet data, List<LevelResult> levels, List<Window> windows, List<Drift> drift,
                       Resources resources, List<String> notes, Profile profile, ImportRun importRun,
                       MultiImport multiImport, Sip2Run sip2) {
        this(workflow, startedAt, finishedAt, settings, machine, data, levels, windows, drift, resources, notes, profile,
                importRun, multiImport, null, null, sip2);
    }

    /** A report of {@code quire bench import} (no multi-tenant section). */
    public BenchReport(String workflow, String startedAt, String finishedAt, Settings settings, Machine machine,
                       DataSet data, List<LevelResult> levels, List<Window> windows, List<Drift> drift,
                       Resources resources, List<String> notes, Profile profile, ImportRun importRun) {
        this(workflow, startedAt, finishedAt, settings, machine, data, levels, windows, drift, resources, notes, profile,
                importRun, null);
    }

    /** A report of a load workflow (no import section). */
    public BenchReport(String workflow, String startedAt, String finishedAt, Settings settings, Machine machine,
                       DataSet data, List<LevelResult> levels, List<Window> windows, List<Drift> drift,
                       Resources resources, List<String> notes, Profile profile) {
        this(workflow, startedAt, finishedAt, settings, machine, data, levels, windows, drift, resources, notes, profile,
                null);
    }

    /** The report without a profile section, as every run without {@code --profile}. */
    public BenchReport(String workflow, String startedAt, String finishedAt, Settings settings, Machine machine,
                       DataSet data, List<LevelResult> levels, List<Window> windows, List<Drift> drift,
                       Resources resources, List<String> notes) {
        this(workflow, startedAt, finishedAt, settings, machine, data, levels, windows, drift, resources, notes, null);
    }

    /** The options the run was started with. */
    public record Settings(List<Integer> users, double durationSeconds, double rampUpSeconds, int tenants,
                           double thinkTimeSeconds, String target, double dataScale, boolean uiCalls,
                           Double longevitySeconds, double windowSeconds) {
    }

    public record Machine(int cores, long memoryBytes, String java, String os) {
    }

    /** What was prepared before the first level, per tenant. */
    public record DataSet(int tenants, int itemsPerTenant, int patronsPerTenant, int openLoansPerTenant) {
    }

    /**
     * One user level: Quire's requests, the floor measured right after at the same concurrency, and the ratios.
     *
     * @param users virtual users per tenant
     * @param floor the floor's parts (SQL, HTTP) and their sums, labelled "floor: …"
     */
    public record LevelResult(int users, int tenants, double durationSeconds, List<RequestStats> quire,
                              List<RequestStats> floor, List<Ratio> ratios, List<TimePoint> timeline) {
    }

    /** A row of the PTF table. {@code pctKo} is 0–100; {@code reqPerSec} is total ÷ measured seconds. */
    public record RequestStats(String label, long total, long ok, long ko, double pctKo, double reqPerSec,
                               double min, double p50, double p75, double p95, double p99, double max, double avg) {
    }

    /** p95 of a Quire request against p95 of its floor. */
    public record Ratio(String label, String floorLabel, double quireP95, double floorP95, double ratio) {
    }

    /** All of Quire's requests in one time slice of a level (one second by default), from the level's start. */
    public record TimePoint(double atSeconds, double seconds, long requests, long errors, double p50, double p95) {
    }

    /** A longevity window: Quire's figures between two offsets from the start of the level. */
    public record Window(double fromSeconds, double toSeconds, List<RequestStats> quire) {
    }

    /** p95 in the last window ÷ p95 in the first: above 1 means the request got slower over the run. */
    public record Drift(String label, double firstP95, double lastP95, double ratio) {
    }

    /**
     * Resource use over the whole run, sampled every 500 ms; null where the target does not tell (an external server
     * without a database URL, for instance).
     *
     * @param peakPoolConnectionsInUse the server's pool (active connections), from its metrics
     * @param peakDbConnectionsInUse non-idle connections of the server seen by PostgreSQL (pg_stat_activity)
     * @param loansBefore rows in the loan tables of the bench tenants before the first level
     */
    public record Resources(Double serverCpuSeconds, Long peakRssBytes, Integer poolSize,
                            Integer peakPoolConnectionsInUse, Integer peakDbConnectionsInUse, Long loansBefore,
                            Long loansAfter) {
    }

    /**
     * {@code --profile}: Java Flight Recorder on the server during each level's measured phase.
     *
     * @param note how the profile was taken, or why none was (a server the bench did not start)
     * @param levels one summary per level that was recorded
     */
    public record Profile(String note, List<LevelProfile> levels) {
    }

    /**
     * One level's recording (file, relative to the report) summarised from its events.
     *
     * @param cpuSamples jdk.ExecutionSample events: a thread running Java code, sampled every 10 ms or so
     * @param selfTop methods by samples in which they are the top frame (their own code)
     * @param totalTop Quire's classes by samples in which one of their methods is anywhere on the stack (their code
     *                 and what it calls), nested classes and lambdas counted with their top-level class
     * @param subsystems samples by the library or part of Quire the top non-JDK frame belongs to
     * @param allocations classes by sampled allocation weight (jdk.ObjectAllocationSample)
     */
    public record LevelProfile(int users, String file, double seconds, long cpuSamples, List<Share> selfTop,
                               List<Share> totalTop, List<Share> subsystems, Gc gc, List<Share> allocations) {
    }

    /** A method, class or subsystem with its count (samples, or bytes for allocations) and its share, 0–100. */
    public record Share(String name, long count, double pct) {
    }

    /**
     * Garbage collections during the level (jdk.GarbageCollection).
     *
     * @param allocatedMbPerSecond the sampled allocation weight ÷ the recording's length; null when not sampled
     */
    public record Gc(long collections, double totalPauseMs, double maxPauseMs, Double allocatedMbPerSecond) {
    }

    /**
     * {@code quire bench import}: one file imported through FOLIO's data-import flow over HTTP, and its floor in the
     * same run (ImportFloor).
     *
     * @param records records in the file (the job's progress total)
     * @param uploadSeconds upload definition and the streamed upload, until processFiles was accepted
     * @param wallSeconds from the upload definition to the job's COMMITTED (upload included), as the PTF times it
     * @param searchableSeconds from the upload definition until a search finds the file's last record
     * @param created instances, holdings, items and SRS records created (the job summary)
     * @param errors records the job log reports as failed
     * @param floorSeconds the floor: marc4j + COPY of the same records' SRS-like rows
     * @param ratio wallSeconds ÷ floorSeconds
     * @param targets the targets, each with whether this run met it (scaled to the run's record count)
     */
    public record ImportRun(String file, String profile, long records, String status, double uploadSeconds,
                            double wallSeconds, double recordsPerSecond, Double searchableSeconds,
                            List<Count> created, long errors, double floorSeconds, long floorRows,
                            double floorRecordsPerSecond, double ratio, List<Target> targets, UpdateRun update) {
    }

    /**
     * The import bench's update phase: the created records exported from SRS and imported again with an
     * update-by-match profile.
     *
     * @param updatedInstances instances the job updated (the log's instance summary)
     * @param updatedSrs SRS MARC records the job updated (a new generation each)
     * @param created instances and SRS records the job created (0 when every record matched)
     */
    public record UpdateRun(String file, String profile, long records, String status, double wallSeconds,
                            double recordsPerSecond, long updatedInstances, long updatedSrs, long created,
                            long errors) {
    }

    /**
     * {@code quire bench multi-tenant-import}: check-in/check-out alone (the baseline), then the same load while every
     * import tenant imports its file at once.
     *
     * @param jobs one per import tenant
     * @param importWallSeconds from the first upload definition until the last job ended
     * @param baseline the CICO requests of the baseline phase
     * @param loaded the CICO requests while the imports ran
     * @param p95Ratio the worst of check-out's and check-in's p95 during the imports ÷ its baseline p95
     * @param peakDbConnectionsOpen the most connections of the server PostgreSQL saw open at once (idle ones too)
     */
    public record MultiImport(int tenants, long recordsPerTenant, int users, List<TenantJob> jobs,
                              double importWallSeconds, double recordsPerSecond, List<RequestStats> baseline,
                              List<RequestStats> loaded, double p95Ratio, double loadedOverlapSeconds,
                              Integer poolSize, Integer peakPoolConnectionsInUse, Integer peakDbConnectionsInUse,
                              Integer peakDbConnectionsOpen, Long peakRssBytes, List<Target> targets) {
    }

    /** One import tenant's job: its final status, records, failed records and wall time. */
    public record TenantJob(String tenant, String status, long records, long created, long errors,
                            double wallSeconds) {
    }

    /** How many records of one kind a job created. */
    public record Count(String kind, long count) {
    }

    /** One of the targets: what it asks, what the run measured, and whether that meets it. */
    public record Target(String target, String measured, boolean met) {
    }

    /**
     * {@code quire bench export}: all the tenant's instances exported to one MARC file as a client does it (the job
     * started over HTTP, polled, the file downloaded through its link), and the floor in the same run (ExportFloor).
     *
     * @param jobSeconds from the file definition's POST until the job was seen finished
     * @param wallSeconds from the file definition's POST to the downloaded file's last byte
     * @param fileRecords ISO 2709 records in the downloaded file (record terminators counted)
     * @param floorSeconds the floor: the same SRS rows read over JDBC and their bytes written to a file
     * @param ratio wallSeconds ÷ floorSeconds
     */
    public record ExportRun(long records, String status, long exported, long failed, double jobSeconds,
                            double wallSeconds, double recordsPerSecond, long fileBytes, long fileRecords,
                            double floorSeconds, long floorRows, long floorBytes, double ratio,
                            List<Target> targets) {
    }

    /**
     * {@code quire bench oai}: at each level, H harvesters each doing a complete ListRecords harvest at once.
     *
     * @param records harvestable records of the tenant (the import's)
     * @param pageSize records per page (the tenant's maxRecordsPerResponse)
     */
    public record OaiRun(long records, String metadataPrefix, int pageSize, List<OaiLevel> levels,
                         List<Target> targets) {
    }

    /**
     * One level: the pages of all its harvests, the same pages' SQL over JDBC at the same concurrency, and whether
     * each harvest returned each record exactly once.
     *
     * @param page per-page latency of Quire (label "ListRecords page")
     * @param floorPage per-page latency of the floor (the page's statements over JDBC)
     * @param ratio p95 Quire ÷ p95 floor
     */
    public record OaiLevel(int harvesters, double wallSeconds, long pages, double pagesPerSecond,
                           double recordsPerSecond, RequestStats page, RequestStats floorPage, double ratio,
                           List<Harvest> harvests) {
    }

    /**
     * One complete harvest: pages, records returned, distinct identifiers among them, and whether that is each of the
     * tenant's records exactly once (records = distinct = the tenant's records, no error).
     */
    public record Harvest(int harvester, long pages, long records, long distinct, long errors, boolean exactlyOnce) {
    }

    /**
     * {@code quire bench sip2}: per level, N self-check terminals over SIP2, then N users making the same check-outs
     * and check-ins over HTTP, and issue 15's target (SIP2 p95 ≤ 2× HTTP p95) per operation and level.
     *
     * @param endpoint where the terminals connected (host:port, charset) and as whom
     */
    public record Sip2Run(String endpoint, List<Sip2Level> levels, List<Target> targets) {
    }

    /**
     * One level of {@code quire bench sip2}.
     *
     * @param sip2 the SIP2 messages (11, 09; 93 only when a terminal had to log in again while measured)
     * @param http the same operations over HTTP, by CicoWorkflow at the same number of users, right after
     * @param ratios per operation: SIP2 p95 (quireP95) ÷ HTTP p95 (floorP95)
     * @param verifiedResponses measured SIP2 responses whose command, sequence number (AY) and checksum (AZ) were right
     * @param badResponses measured SIP2 responses where one of them was wrong (each also a KO)
     * @param sip2CpuMsPerOperation the server's CPU time during the SIP2 phase ÷ its messages; null when not known
     * @param httpCpuMsPerOperation the same for the HTTP phase
     */
    public record Sip2Level(int users, double sip2Seconds, List<RequestStats> sip2, double httpSeconds,
                            List<RequestStats> http, List<Ratio> ratios, long verifiedResponses, long badResponses,
                            Double sip2CpuMsPerOperation, Double httpCpuMsPerOperation) {
    }
}
