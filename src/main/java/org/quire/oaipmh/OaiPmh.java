package org.quire.oaipmh;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.marc.InstanceMarc;
import org.quire.marc.InstanceMarcStore;
import org.quire.marc.MarcRecords;
import org.quire.platform.Futures;
import org.quire.platform.Json;
import org.quire.platform.db.Database;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;

/**
 * The six OAI-PMH 2.0 verbs over the tenant's instances as MARC — SRS's MARC bibs, MARC generated from instances
 * without one, or both, as the records source says ({@link OaiSettings.RecordsSource}; mod-oai-pmh's /oai/records):
 * argument validation as mod-oai-pmh's VerbValidator and AbstractHelper, FOLIO's messages, and lists in
 * (datestamp, id) order with stateless keyset resumption tokens ({@link ResumptionToken}).
 *
 * <p>Round trips per list page: 3 (records in a transaction: the plan mode, the page, the commit) + 1 for
 * marc21_withholdings (holdings and items) + 1 on the first page when the list is longer than a page
 * (completeListSize) + 2 when the page has an instance without SRS (the names the MARC rules translate ids to) + the
 * tenant's settings at most every 5 s.
 */
public final class OaiPmh {
    public static final String MARC21 = "marc21";
    public static final String MARC21_WITHHOLDINGS = "marc21_withholdings";
    public static final String OAI_DC = "oai_dc";
    static final List<String> FORMATS = List.of(MARC21, MARC21_WITHHOLDINGS, OAI_DC);
    static final DateTimeFormatter SECONDS = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss'Z'")
            .withZone(ZoneOffset.UTC);
    /** How long a tenant's settings and reference names are kept: a change to them shows within this time. */
    private static final long CACHE_TTL_NANOS = 5_000_000_000L;

    private final Database db;
    private final TenantCache<OaiSettings> settings = new TenantCache<>(CACHE_TTL_NANOS);
    private final TenantCache<KnownNames> names = new TenantCache<>(CACHE_TTL_NANOS);

    /** A tenant's reference names, and the ids rows pointed to that had no record when they were read. */
    private record KnownNames(ReferenceNames names, Set<String> dangling) {
    }

    /**
     * The list pages being built at once; the others wait their turn, first come first served. Harvesters ask for
     * pages back to back and each page holds a pool connection for its statements: eight of them took every
     * connection of a 2-core server's pool, so a check-out waited for one, and eight pages shared two cores
     * (p95 per page at 8 harvesters over 100,000 records, four runs each on one server: 87–108 ms with no limit,
     * 78–97 ms with two at once). A waiting page holds nothing. (Package-private: a test holds it.)
     */
    final Semaphore pages;

    /** @param concurrentPages how many ListRecords/ListIdentifiers pages are built at once (QuireConfig) */
    public OaiPmh(Database db, int concurrentPages) {
        this.db = db;
        this.pages = new Semaphore(concurrentPages, true);
    }

    /** An answer: the HTTP status and the OAI-PMH document in UTF-8. */
    public record Answer(int status, byte[] xml) {
        public String text() {
            return new String(xml, java.nio.charset.StandardCharsets.UTF_8);
        }
    }

    /**
     * Serves one request.
     *
     * @param args        the request's arguments by name, every value (a repeated argument is a badArgument)
     * @param requestHost the host the client called (identifiers and baseURL when the tenant configured none)
     */
    public Answer handle(String tenant, String schema, Map<String, List<String>> args, String requestHost) {
        OaiSettings s = settings(schema);
        String baseUrl = s.baseUrl() != null ? s.baseUrl() : "http://" + requestHost + "/oai";
        String host = host(baseUrl);
        Instant now = Instant.now();
        Map<String, String> single = new LinkedHashMap<>();
        List<OaiError> errors = new ArrayList<>();
        for (var e : args.entrySet()) {
            if (EXCLUDED.contains(e.getKey())) continue;
            if (e.getValue().size() > 1) {
                errors.add(new OaiError(OaiError.BAD_ARGUMENT, "Argument '" + e.getKey() + "' is repeated"));
            }
            single.put(e.getKey(), e.getValue().isEmpty() ? "" : e.getValue().getFirst());
        }
        String verbName = single.get("verb");
        Verb verb = Verb.byName(verbName);
        boolean pooled = verb == Verb.LIST_RECORDS;
        Utf8Buffer body = pooled ? PAGE_BUFFERS.take() : new Utf8Buffer(2048);
        try {
            if (verb == null) {
                throw new OaiError.Failure(OaiError.BAD_VERB, "Bad verb. Verb '" + (verbName == null ? "empty"
                        : verbName) + "' is not implemented");
            }
            errors.addAll(verb.validate(single));
            if (!errors.isEmpty()) throw new OaiError.Failure(errors);
            Context ctx = new Context(tenant, schema, s, host, now, single);
            OaiDocument.head(now, baseUrl, verbName, single, true, body);
            switch (verb) {
                case IDENTIFY -> identify(ctx, baseUrl, body);
                case LIST_METADATA_FORMATS -> body.add(listMetadataFormats(ctx));
                case LIST_SETS -> body.add(listSets(single));
                case GET_RECORD -> getRecord(ctx, body);
                case LIST_IDENTIFIERS, LIST_RECORDS -> {
                    pages.acquireUninterruptibly();
                    try {
                        list(ctx, verb == Verb.LIST_RECORDS, body);
                    } finally {
                        pages.release();
                    }
                }
            }
            OaiDocument.end(body);
            return new Answer(200, body.toByteArray());
        } catch (OaiError.Failure f) {
            boolean echo = f.errors().stream().noneMatch(e -> e.code().equals(OaiError.BAD_VERB)
                    || e.code().equals(OaiError.BAD_ARGUMENT));
            Utf8Buffer answer = new Utf8Buffer(256);
            for (OaiError e : f.errors()) {
                answer.add("<error code=\"").attribute(e.code()).add("\">").text(e.message()).add("</error>");
            }
            int status = s.errorsAsOk() ? 200 : OaiError.httpStatus(f.errors());
            return new Answer(status, OaiDocument.wrap(now, baseUrl, verbName, single, echo, answer));
        } finally {
            if (pooled) PAGE_BUFFERS.give(body);
        }
    }

    /**
     * The buffers a ListRecords page is written in (the document and its records' starts), kept for the next page:
     * the answer is copied out of them. New arrays per page, zeroed, were about 2% of the machine on an 8-harvester
     * harvest (perf, docs/benchmarks.md).
     */
    private static final Utf8Buffer.Pool PAGE_BUFFERS = new Utf8Buffer.Pool(16, 512 * 1024);

    /** Arguments that are not the verb's (mod-oai-pmh Verb.excludeParams; apiKey is edge-common's other name). */
    private static final Set<String> EXCLUDED = Set.of("apikey", "apiKey", "apiKeyPath");

    private record Context(String tenant, String schema, OaiSettings settings, String host, Instant now,
                           Map<String, String> args) {
        String identifier(UUID instanceId) {
            return "oai:" + host + ":" + tenant + "/" + instanceId;
        }
    }

    private void identify(Context ctx, String baseUrl, Utf8Buffer out) {
        Instant earliest = db.read(c -> OaiStore.earliest(c, ctx.schema, ctx.settings.recordsSource()))
                .orElse(Instant.EPOCH);
        out.add("<Identify><repositoryName>").text(ctx.settings.repositoryName()).add("</repositoryName><baseURL>")
                .text(baseUrl).add("</baseURL><protocolVersion>2.0</protocolVersion><adminEmail>")
                .text(ctx.settings.adminEmail()).add("</adminEmail><earliestDatestamp>")
                .add(SECONDS.format(earliest)).add("</earliestDatestamp><deletedRecord>")
                .add(ctx.settings.deletedRecords()).add("</deletedRecord><granularity>YYYY-MM-DDThh:mm:ssZ</granularity>"
                        + "</Identify>");
    }

    private StringBuilder listMetadataFormats(Context ctx) {
        String identifier = ctx.args.get("identifier");
        if (identifier != null) requireRecord(ctx, identifier, MARC21);
        StringBuilder out = new StringBuilder("<ListMetadataFormats>");
        for (String f : FORMATS) {
            boolean dc = f.equals(OAI_DC);
            out.append("<metadataFormat><metadataPrefix>").append(f).append("</metadataPrefix><schema>")
                    .append(dc ? "http://www.openarchives.org/OAI/2.0/oai_dc.xsd" : MarcXml.SCHEMA)
                    .append("</schema><metadataNamespace>").append(dc ? DublinCore.OAI_DC : MarcXml.NAMESPACE)
                    .append("</metadataNamespace></metadataFormat>");
        }
        return out.append("</ListMetadataFormats>");
    }

    private static String listSets(Map<String, String> args) {
        // Quire issues no token for sets (there is one); any token is not ours.
        if (args.containsKey("resumptionToken")) {
            throw new OaiError.Failure(OaiError.BAD_RESUMPTION_TOKEN,
                    "Verb 'LIST_SETS', argument resumptionToken is invalid");
        }
        return "<ListSets><set><setSpec>all</setSpec><setName>All records</setName></set></ListSets>";
    }

    private void getRecord(Context ctx, Utf8Buffer out) {
        String prefix = ctx.args.get("metadataPrefix");
        if (!FORMATS.contains(prefix)) {
            throw new OaiError.Failure(OaiError.CANNOT_DISSEMINATE_FORMAT, OaiError.CANNOT_DISSEMINATE_FORMAT_ERROR);
        }
        OaiStore.Row row = requireRecord(ctx, ctx.args.get("identifier"), prefix);
        out.add("<GetRecord>");
        writeRecords(ctx, List.of(row), prefix, out);
        out.add("</GetRecord>");
    }

    /** The record an identifier names; badArgument for a malformed one, idDoesNotExist for an unknown one. */
    private OaiStore.Row requireRecord(Context ctx, String identifier, String metadataPrefix) {
        String prefix = "oai:" + ctx.host + ":" + ctx.tenant + "/";
        if (!identifier.startsWith(prefix)) {
            throw new OaiError.Failure(OaiError.BAD_ARGUMENT, OaiError.INVALID_IDENTIFIER_ERROR);
        }
        UUID id;
        try {
            id = UUID.fromString(identifier.substring(prefix.length()));
        } catch (IllegalArgumentException e) {
            throw new OaiError.Failure(OaiError.ID_DOES_NOT_EXIST, OaiError.RECORD_NOT_FOUND_ERROR);
        }
        boolean withHoldings = metadataPrefix.equals(MARC21_WITHHOLDINGS);
        OaiStore.Row row = db.read(c -> OaiStore.byInstance(c, ctx.schema, id, ctx.settings.recordsSource(),
                        withHoldings))
                .orElseThrow(() -> new OaiError.Failure(OaiError.ID_DOES_NOT_EXIST, OaiError.RECORD_NOT_FOUND_ERROR));
        if (isDeleted(row, ctx.settings) && !ctx.settings.deletedSupported()) {
            throw new OaiError.Failure(OaiError.ID_DOES_NOT_EXIST, OaiError.RECORD_NOT_FOUND_ERROR);
        }
        return row;
    }

    /** A tombstone: deleted in SRS, or suppressed while suppressed records are left out (harvesters drop it). */
    static boolean isDeleted(OaiStore.Row row, OaiSettings s) {
        return row.deleted() || (row.suppressed() && !s.suppressedRecordsProcessing());
    }

    private void list(Context ctx, boolean withMetadata, Utf8Buffer body) {
        OaiSettings s = ctx.settings;
        String verbName = withMetadata ? "LIST_RECORDS" : "LIST_IDENTIFIERS";
        ResumptionToken token = null;
        String prefix;
        Instant from, harvestUntil;
        if (ctx.args.containsKey("resumptionToken")) {
            token = ResumptionToken.decode(ctx.args.get("resumptionToken"))
                    .filter(t -> ctx.tenant.equals(t.tenant()) && FORMATS.contains(t.metadataPrefix()))
                    .orElseThrow(() -> new OaiError.Failure(OaiError.BAD_RESUMPTION_TOKEN,
                            "Verb '" + verbName + "', argument resumptionToken is invalid"));
            if (token.expirationDate().isBefore(ctx.now)) {
                throw new OaiError.Failure(OaiError.BAD_RESUMPTION_TOKEN, OaiError.EXPIRED_RESUMPTION_TOKEN);
            }
            prefix = token.metadataPrefix();
            from = token.from() == null ? null : bound(token.from(), false);
            harvestUntil = token.harvestUntil();
        } else {
            prefix = ctx.args.get("metadataPrefix");
            Instant[] range = validateList(ctx.args);
            from = range[0];
            // The upper bound is frozen now: what changes during the harvest is the next harvest's.
            harvestUntil = range[1] == null || range[1].isAfter(ctx.now) ? ctx.now : range[1];
        }
        boolean withHoldings = prefix.equals(MARC21_WITHHOLDINGS);
        OaiStore.Filter filter = new OaiStore.Filter(from, harvestUntil,
                token == null ? null : new OaiPageSql.Position(token.lastDatestamp(), token.lastId()),
                s.deletedSupported(), s.suppressedRecordsProcessing(), s.recordsSource(), withHoldings);
        int pageSize = s.maxRecordsPerResponse();
        List<OaiStore.Row> rows = db.tx(c -> OaiStore.page(c, ctx.schema, filter, pageSize + 1, withMetadata));
        boolean more = rows.size() > pageSize;
        if (more) rows = rows.subList(0, pageSize);
        if (rows.isEmpty() && token == null) {
            throw new OaiError.Failure(OaiError.NO_RECORDS_MATCH, OaiError.NO_RECORD_FOUND_ERROR);
        }
        int cursor = token == null ? 0 : token.cursor();
        int total;
        if (token != null) {
            total = token.total();
        } else if (more) {
            OaiStore.Filter all = new OaiStore.Filter(from, harvestUntil, null, s.deletedSupported(),
                    s.suppressedRecordsProcessing(), s.recordsSource(), withHoldings);
            total = db.read(c -> OaiStore.count(c, ctx.schema, all));
        } else {
            total = rows.size();
        }
        String element = withMetadata ? "ListRecords" : "ListIdentifiers";
        StringBuilder out = new StringBuilder(512).append('<').append(element).append('>');
        body.add(out);
        out.setLength(0);
        if (withMetadata) {
            writeRecords(ctx, rows, prefix, body);
        } else {
            for (OaiStore.Row r : rows) header(ctx, r, body);
        }
        if (more) {
            OaiStore.Row last = rows.getLast();
            ResumptionToken next = new ResumptionToken(prefix, token != null ? token.from() : ctx.args.get("from"),
                    token != null ? token.until() : ctx.args.get("until"), token != null ? token.set()
                    : ctx.args.get("set"), cursor + rows.size(), Math.max(total, cursor + rows.size() + 1),
                    last.datestamp(), last.key(), harvestUntil,
                    ctx.now.truncatedTo(ChronoUnit.SECONDS).plusSeconds(ResumptionToken.LIFETIME_SECONDS), ctx.tenant);
            // completeListSize, expirationDate, then cursor LAST and the element on one line: FOLIO's performance
            // scripts take the token with the regex cursor="(.*)">(.*)</resumptionToken>.
            out.append("<resumptionToken completeListSize=\"").append(next.total()).append("\" expirationDate=\"")
                    .append(SECONDS.format(next.expirationDate())).append("\" cursor=\"").append(cursor).append("\">")
                    .append(next.encode()).append("</resumptionToken>");
        } else if (token != null) {
            // the last page: an empty token (open and close tags, so that the PTF regex still matches)
            out.append("<resumptionToken completeListSize=\"").append(Math.max(total, cursor + rows.size()))
                    .append("\" cursor=\"").append(cursor).append("\"></resumptionToken>");
        }
        out.append("</").append(element).append('>');
        body.add(out);
    }

    /** ListRecords/ListIdentifiers arguments without a token: [from, until] as inclusive instants (or nulls). */
    private static Instant[] validateList(Map<String, String> args) {
        List<OaiError> errors = new ArrayList<>();
        if (!FORMATS.contains(args.get("metadataPrefix"))) {
            errors.add(new OaiError(OaiError.CANNOT_DISSEMINATE_FORMAT, OaiError.CANNOT_DISSEMINATE_FORMAT_ERROR));
        }
        if (args.containsKey("set") && !"all".equals(args.get("set"))) {
            errors.add(new OaiError(OaiError.NO_RECORDS_MATCH, OaiError.NO_RECORD_FOUND_ERROR));
        }
        String from = args.get("from"), until = args.get("until");
        Instant f = null, u = null;
        if (from != null && granularity(from) == 0) errors.add(badDate("from", from));
        if (until != null && granularity(until) == 0) errors.add(badDate("until", until));
        if (errors.isEmpty() && from != null && until != null) {
            // AbstractHelper.validateDateRange's messages
            if (granularity(from) != granularity(until)) {
                errors.add(new OaiError(OaiError.BAD_ARGUMENT,
                        "Invalid date range: 'from' must have the same granularity as 'until'."));
            } else if (bound(from, false).isAfter(bound(until, false))) {
                errors.add(new OaiError(OaiError.BAD_ARGUMENT,
                        "Invalid date range: 'from' must be less than or equal to 'until'."));
            }
        }
        if (!errors.isEmpty()) throw new OaiError.Failure(errors);
        if (from != null) f = bound(from, false);
        if (until != null) u = bound(until, true);
        return new Instant[]{f, u};
    }

    private static OaiError badDate(String name, String value) {
        return new OaiError(OaiError.BAD_ARGUMENT, "Bad datestamp format for '" + name + "=" + value + "' argument.");
    }

    /** 1 for YYYY-MM-DD, 2 for YYYY-MM-DDThh:mm:ssZ, 0 for anything else. */
    static int granularity(String v) {
        try {
            if (v.length() == 10) {
                LocalDate.parse(v);
                return 1;
            }
            LocalDateTime.parse(v, DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss'Z'"));
            return 2;
        } catch (DateTimeParseException e) {
            return 0;
        }
    }

    /**
     * A from/until value as an instant: from is its start; until is inclusive to the end of its day or second, as
     * mod-oai-pmh adds a day or a second to until (AbstractHelper.convertStringToDate) for SRS's exclusive bound.
     */
    static Instant bound(String v, boolean until) {
        if (granularity(v) == 1) {
            Instant day = LocalDate.parse(v).atStartOfDay().toInstant(ZoneOffset.UTC);
            return until ? day.plus(1, ChronoUnit.DAYS).minusNanos(1000) : day;
        }
        Instant second = LocalDateTime.parse(v, DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss'Z'"))
                .toInstant(ZoneOffset.UTC);
        return until ? second.plusSeconds(1).minusNanos(1000) : second;
    }

    private void header(Context ctx, OaiStore.Row r, Utf8Buffer out) {
        out.add(isDeleted(r, ctx.settings) ? "<header status=\"deleted\">" : "<header>").add("<identifier>")
                .text(ctx.identifier(r.instanceId())).add("</identifier><datestamp>")
                .add(SECONDS.format(r.datestamp())).add("</datestamp><setSpec>all</setSpec></header>");
    }

    /** What marc21_withholdings adds to a page: its holdings and items by instance, the 856 relationship names. */
    private record PageHoldings(Map<UUID, List<OaiStore.HoldingsItem>> byInstance, Map<String, String> relationships) {
    }

    /**
     * The records with their metadata (none for a tombstone). For marc21_withholdings the page's holdings and items
     * (one statement) are read on another thread while the records' own fields are written, and added to each record
     * after: PostgreSQL's query and Java's writing overlap on two cores.
     */
    private void writeRecords(Context ctx, List<OaiStore.Row> rows, String prefix, Utf8Buffer records) {
        OaiSettings s = ctx.settings;
        InstanceMarc.Names names = rows.stream().anyMatch(r -> r.marcJson() == null && r.instanceJson() != null)
                ? db.read(c -> InstanceMarcStore.names(c, ctx.schema)) : null;
        // read after the names: a request holds one connection at a time
        boolean withHoldings = prefix.equals(MARC21_WITHHOLDINGS);
        Future<PageHoldings> holdings = withHoldings ? READER.submit(() -> holdings(ctx, rows)) : null;
        // Each record's start is written while the holdings are read, all into one buffer (one buffer per record
        // was a megabyte of new, zeroed arrays per page); the ends follow once the holdings are there.
        boolean pooled = rows.size() > 1; // a page's; GetRecord's one record takes a small buffer of its own
        Utf8Buffer starts = pooled ? PAGE_BUFFERS.take() : new Utf8Buffer(8192);
        int[] startEnds = new int[rows.size()];
        for (int i = 0; i < rows.size(); i++) {
            OaiStore.Row r = rows.get(i);
            starts.add("<record>");
            header(ctx, r, starts);
            if (hasMetadata(r, s)) {
                starts.add("<metadata>");
                if (prefix.equals(OAI_DC)) {
                    DublinCore.write(marc(r, names), starts);
                } else {
                    Boolean suppressed = s.suppressedRecordsProcessing() ? r.suppressed() : null;
                    // the SRS record's JSON is written as it is read; MARC generated from an instance is a tree
                    if (r.marcJson() != null) MarcXml.start(r.marcJson(), suppressed, starts);
                    else MarcXml.start(marc(r, names), suppressed, starts);
                }
            }
            startEnds[i] = starts.length();
        }
        PageHoldings page = holdings == null ? null : await(holdings);
        for (int i = 0; i < rows.size(); i++) {
            OaiStore.Row r = rows.get(i);
            records.add(starts, i == 0 ? 0 : startEnds[i - 1], startEnds[i]);
            if (hasMetadata(r, s)) {
                if (!prefix.equals(OAI_DC)) {
                    MarcXml.end(page == null ? List.of() : HoldingsFields.of(page.byInstance().getOrDefault(
                            r.instanceId(), List.of()), page.relationships(), s.suppressedRecordsProcessing()), records);
                }
                records.add("</metadata>");
            }
            records.add("</record>");
        }
        if (pooled) PAGE_BUFFERS.give(starts);
    }

    /** Whether the record has metadata to write: not a tombstone, with an SRS record or an instance to make one. */
    private static boolean hasMetadata(OaiStore.Row r, OaiSettings s) {
        return !isDeleted(r, s) && (r.marcJson() != null || r.instanceJson() != null);
    }

    /** Reads a page's holdings on threads of their own (virtual: they wait on PostgreSQL). */
    private static final ExecutorService READER = Executors.newVirtualThreadPerTaskExecutor();

    private PageHoldings holdings(Context ctx, List<OaiStore.Row> rows) {
        List<UUID> ids = rows.stream().filter(r -> !isDeleted(r, ctx.settings)).map(OaiStore.Row::instanceId).toList();
        List<OaiStore.HoldingsRow> found = db.read(c -> OaiStore.holdingsRows(c, ctx.schema, ids));
        ReferenceNames names = namesFor(ctx.schema, found);
        Map<UUID, List<OaiStore.HoldingsItem>> byInstance = new HashMap<>();
        for (OaiStore.HoldingsItem hi : names.items(found)) {
            byInstance.computeIfAbsent(hi.own().instanceId(), k -> new ArrayList<>()).add(hi);
        }
        return new PageHoldings(byInstance, names.relationships());
    }

    /**
     * The tenant's reference names for these rows. Kept for a few seconds, so a renamed location shows within them;
     * read again at once when a row points to a record they lack (a location added since), except to one that had no
     * record when they were read either (a dangling id: read again when the names expire, not for every page).
     */
    private ReferenceNames namesFor(String schema, List<OaiStore.HoldingsRow> rows) {
        KnownNames known = names.kept(schema);
        if (known != null && known.dangling().containsAll(known.names().missing(rows))) return known.names();
        ReferenceNames fresh = db.read(c -> OaiStore.referenceNames(c, schema));
        Set<String> dangling = new HashSet<>(fresh.missing(rows));
        if (known != null) {
            for (String id : known.dangling()) if (!fresh.byKindAndId().containsKey(id)) dangling.add(id);
        }
        return names.put(schema, new KnownNames(fresh, Set.copyOf(dangling))).names();
    }

    private static <T> T await(Future<T> f) {
        try {
            return Futures.result(f);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while reading the page's holdings", e);
        }
    }

    /** The record's MARC as a tree: its SRS record, else generated from the instance (generateRecordsOnTheFly). */
    private static ObjectNode marc(OaiStore.Row r, InstanceMarc.Names names) {
        return r.marcJson() != null ? Json.parseObject(new String(r.marcJson(), StandardCharsets.UTF_8))
                : MarcRecords.toMarcJson(InstanceMarc.of(Json.parse(r.instanceJson()), names));
    }

    private OaiSettings settings(String schema) {
        return settings.get(schema, s -> OaiSettings.from(db.read(conn -> OaiStore.settings(conn, s))));
    }

    /** The host of a base URL (an OAI identifier's repository part), without port. */
    static String host(String baseUrl) {
        try {
            String h = java.net.URI.create(baseUrl).getHost();
            return h == null ? "localhost" : h;
        } catch (IllegalArgumentException e) {
            return "localhost";
        }
    }
}
