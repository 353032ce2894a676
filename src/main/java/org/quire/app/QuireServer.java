package org.quire.app;

import io.helidon.webserver.WebServer;
import org.quire.calendar.CalendarApi;
import org.quire.circulation.CirculationApi;
import org.quire.circulation.blocks.PatronBlocksApi;
import org.quire.config.ConfigApi;
import org.quire.feesfines.FeesFinesApi;
import org.quire.inventory.InventoryApi;
import org.quire.notes.NotesApi;
import org.quire.inventory.InventoryTypes;
import org.quire.notices.NoticeSender;
import org.quire.notices.NoticesApi;
import org.quire.platform.Json;
import org.quire.platform.auth.ApiKeys;
import org.quire.platform.http.Authenticator;
import org.quire.platform.auth.PermissionCache;
import org.quire.platform.auth.Passwords;
import org.quire.platform.auth.PermissionSets;
import org.quire.platform.auth.PlatformAdmin;
import org.quire.platform.http.CorsPolicy;
import org.quire.platform.auth.Tokens;
import org.quire.platform.config.QuireConfig;
import org.quire.platform.http.ReadTimeouts;
import org.quire.platform.http.WebServers;
import org.quire.platform.db.Database;
import org.quire.platform.events.EventDispatcher;
import org.quire.platform.jobs.Jobs;
import org.quire.circulation.RequestExpiry;
import org.quire.platform.http.ApiException;
import org.quire.platform.http.ErrorMapper;
import org.quire.platform.http.Response;
import org.quire.platform.http.Router;
import org.quire.platform.metrics.Metrics;
import org.quire.platform.tenancy.Tenants;
import org.quire.rtac.RtacApi;
import org.quire.users.ApiKeysApi;
import org.quire.users.LoginApi;
import org.quire.users.PermissionsApi;
import org.quire.users.UsersApi;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Map;

/** One Quire process: database, tenants, the HTTP server with every module's routes, and the event dispatcher. */
public final class QuireServer implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(QuireServer.class);
    public static final String DEMO_TENANT = "diku";
    public static final String DEMO_ADMIN = "diku_admin";
    public static final String DEMO_PASSWORD = "admin";

    private final Metrics metrics;
    private final Database db;
    private final Tenants tenants;
    private final EventDispatcher events;
    private final Jobs jobs;
    private final TenantInstaller installer;
    private final WebServer server;
    private final Router router;
    private final ReadTimeouts timeouts;
    private final org.quire.search.SearchIndexes searchIndexes;
    private final org.quire.search.InstanceIndexer indexer;
    private final org.quire.sip2.Sip2Service sip2;
    /** The shared SIP2 listener ({@link #startSip2(int)}), null until started. */
    private org.quire.sip2.Sip2Server sip2Server;
    /** Every SIP2 listener: the shared one and the tenants' own ports. */
    private final java.util.List<org.quire.sip2.Sip2Server> sip2Listeners = new java.util.ArrayList<>();

    private QuireServer(Metrics metrics, Database db, Tenants tenants, EventDispatcher events, Jobs jobs,
                        TenantInstaller installer, WebServer server, Router router, ReadTimeouts timeouts,
                        org.quire.search.SearchIndexes searchIndexes, org.quire.search.InstanceIndexer indexer,
                        org.quire.sip2.Sip2Service sip2) {
        this.metrics = metrics;
        this.db = db;
        this.tenants = tenants;
        this.events = events;
        this.jobs = jobs;
        this.installer = installer;
        this.server = server;
        this.router = router;
        this.timeouts = timeouts;
        this.searchIndexes = searchIndexes;
        this.indexer = indexer;
        this.sip2 = sip2;
    }

    /**
     * Starts the SIP2 server on {@code port} (0: any free port) unless it runs already; {@code quire serve} starts it
     * when QUIRE_SIP2_PORT is set, tests on a free port. Answers the port it listens on.
     */
    public synchronized int startSip2(int port) {
        if (sip2Server == null) sip2Server = listenSip2(port, null, null);
        return sip2Server.port();
    }

    /**
     * Starts one more SIP2 listener on {@code port} (0: any free port): for {@code tenant}'s terminals only (null:
     * any tenant's, as the shared one), over TLS when {@code tls} is given. Answers the port it listens on.
     */
    public synchronized int startSip2Listener(int port, String tenant, javax.net.ssl.SSLContext tls) {
        return listenSip2(port, tenant, tls).port();
    }

    private org.quire.sip2.Sip2Server listenSip2(int port, String tenant, javax.net.ssl.SSLContext tls) {
        org.quire.sip2.Sip2Server listener = org.quire.sip2.Sip2Server.start(port, tenant, tls, sip2,
                QuireConfig.sip2Charset(), (int) Math.min(Integer.MAX_VALUE, QuireConfig.sip2IdleTimeout().toMillis()));
        sip2Listeners.add(listener);
        return listener;
    }

    public static QuireServer start(QuireConfig config) {
        requireFreePort(config.port());
        Sip2Listeners sip2Listeners = Sip2Listeners.fromEnvironment(); // a bad setting stops the start before any work
        int oaiPages = QuireConfig.oaiConcurrentPages(config.poolSize()); // as does this one
        Metrics metrics = new Metrics();
        Database db;
        try {
            db = Database.start(config, metrics.registry());
        } catch (RuntimeException e) {
            metrics.close();
            throw e;
        }
        org.quire.search.SearchIndexes searchIndexes = new org.quire.search.SearchIndexes(config.dataDir());
        try {
            Tenants tenants = new Tenants(db);
            tenants.migrateAll();
            Tokens tokens = Tokens.forDataDir(config.dataDir());
            PermissionSets permissionSets = PermissionSets.load();
            PermissionCache permissions = new PermissionCache(db, permissionSets);
            ApiKeys apiKeys = new ApiKeys(db, tenants);
            EventDispatcher events = new EventDispatcher(db, tenants);
            Jobs jobs = new Jobs(db, tenants);

            Router router = new Router();
            // FOLIO's Vert.x business modules answer with encodePrettily (mod-circulation's JsonHttpResponse,
            // mod-inventory's JsonResponse); RMB storage modules, and so every other route here, answer compact JSON.
            router.prettyPrint("/circulation/");
            router.prettyPrint("/inventory/");
            router.prettyPrint("/inventory-reports/");   // mod-circulation's
            InventoryApi.register(router, db, org.quire.circulation.RequestQueue::returnToQueue);
            UsersApi.register(router, db);
            PatronBlocksApi.register(router, db);
            ConfigApi.register(router, db, new org.quire.oaipmh.OaiConfigCheck()); // OAIPMH entries checked
            CirculationApi.UseCases circulation = CirculationApi.register(router, db, permissions);
            org.quire.circulation.LostItemsApi.register(router, db, jobs);
            CalendarApi.register(router, db);
            org.quire.users.BlUsersApi.register(router, db, LoginApi.register(router, db, tokens), permissionSets);
            RtacApi.register(router, db);
            org.quire.oaipmh.OaiPmhApi.register(router, db, oaiPages);
            events.subscribeBatches(org.quire.oaipmh.OaiItemDates.TOPICS, new org.quire.oaipmh.OaiItemDates(db)::onEvents);
            org.quire.marc.rules.MappingRules mappingRules = new org.quire.marc.rules.MappingRules(
                    org.quire.authorities.AuthorityTypes.NOTE_TYPES);
            org.quire.marc.rules.MappingRulesApi.register(router, db, mappingRules);
            // authority search first: its /search/authorities/facets before SearchIdsApi's /search/{recordType}/facets
            org.quire.search.AuthoritySearchApi.register(router, new org.quire.search.AuthoritySearch(db, searchIndexes));
            org.quire.search.AuthorityIndexer authorityIndexer = new org.quire.search.AuthorityIndexer(db, searchIndexes);
            events.subscribeBatches(org.quire.search.AuthorityIndexer.TOPICS, authorityIndexer::onEvents);
            org.quire.search.InstanceSearch instanceSearch = new org.quire.search.InstanceSearch(searchIndexes);
            org.quire.search.SearchApi.register(router, instanceSearch);
            org.quire.sru.SruApi.register(router, new org.quire.sru.SruSearch(db, instanceSearch));
            org.quire.search.ResourceIdsJobs idsJobs = new org.quire.search.ResourceIdsJobs(db, searchIndexes);
            org.quire.search.SearchIdsApi.register(router, instanceSearch,
                    new org.quire.search.InstanceFacets(searchIndexes), new org.quire.search.BrowseFacets(searchIndexes),
                    idsJobs);
            org.quire.search.BrowseApi.register(router, new org.quire.search.InstanceBrowse(searchIndexes));
            org.quire.search.InstanceIndexer indexer = new org.quire.search.InstanceIndexer(db, searchIndexes);
            events.subscribeBatches(org.quire.search.InstanceIndexer.TOPICS, indexer::onEvents, indexer::flush);
            events.whenIdle(indexer::rebuildNewerStates);
            org.quire.search.LiveReindex liveReindex = new org.quire.search.LiveReindex(db, searchIndexes);
            org.quire.search.ReindexApi.register(router, liveReindex);
            ApiKeysApi.register(router, apiKeys);
            FeesFinesApi.register(router, db, org.quire.circulation.LostAndPaid::afterAccountAction);
            NotesApi.register(router, db);
            org.quire.dataimport.profiles.ProfilesApi.register(router, db);
            org.quire.dataimport.UploadFiles uploadFiles = new org.quire.dataimport.UploadFiles(config.dataDir());
            org.quire.dataimport.ImportJob imports = new org.quire.dataimport.ImportJob(db, uploadFiles, mappingRules);
            org.quire.dataimport.DataImportApi.register(router, db, uploadFiles, QuireConfig.maxUploadBytes(),
                    imports);
            jobs.add(imports.resumeJob());
            org.quire.dataimport.JobExecutionsApi.register(router, db);
            org.quire.dataexport.DataExportApi.register(router, db, new org.quire.dataexport.ExportJobs(db,
                    config.dataDir()), config.dataDir(), QuireConfig.maxUploadBytes());
            org.quire.tags.TagsApi.register(router, db);
            org.quire.srs.SrsApi.register(router, db);
            org.quire.authorities.AuthoritiesApi.register(router, db);
            org.quire.users.CustomFieldsApi.register(router, db);
            NoticesApi.register(router, db, jobs, NoticeSender.fromEnvironment(System.getenv(), config.dataDir()),
                    config.runJobs(), org.quire.circulation.CirculationNoticeRecords.RECORDS);
            org.quire.platform.jobs.JobsApi.register(router, jobs);
            jobs.add(new RequestExpiry());
            org.quire.circulation.RequestsApi.registerExpiryTimer(router, jobs);
            jobs.add(new org.quire.dataexport.ExportExpiry());
            org.quire.dataexport.DataExportApi.registerExpiryTimer(router, jobs);
            // Permission names must be complete before the permissions API lists them (registerPlatform's routes
            // come later, as they need the installer, so their names are listed here).
            java.util.Set<String> names = new java.util.TreeSet<>(router.permissionNames());
            names.addAll(java.util.List.of("perms.users.get", "perms.users.item.post", "perms.users.item.put",
                    "perms.users.item.delete", "perms.users.assign.immutable", "perms.permissions.get",
                    "quire.admin.ping.get"));
            names.addAll(org.quire.circulation.OverrideBlock.permissionNames());
            PermissionsApi.register(router, db, permissions, names, permissionSets);
            // Administrators are granted every route's permission and every UI permission set (the staff UI shows
            // an app only to a user holding its module.<app>.enabled, which the sets declare).
            java.util.Set<String> grantable = new java.util.TreeSet<>(names);
            grantable.addAll(permissionSets.names());
            TenantInstaller installer = new TenantInstaller(db, tenants, grantable, permissions);
            registerPlatform(router, tenants, installer, metrics, db);
            PlatformApi.register(router, tenants, installer, PlatformAdmin.forDataDir(config.dataDir()), tokens);
            router.cors(CorsPolicy.parse(QuireConfig.corsOrigins()));
            router.maxBodyBytes(QuireConfig.maxBodyBytes());

            installer.grantNewPermissionsToAdmins();
            installer.loadPendingReferenceData();
            if (config.seedDemo() && !tenants.exists(DEMO_TENANT)) {
                log.info("First start: creating demo tenant '{}' with reference and sample data", DEMO_TENANT);
                installer.install(DEMO_TENANT, "Demo library",
                        new TenantInstaller.Options(true, true, DEMO_ADMIN, DEMO_PASSWORD));
            }

            // Before the outbox is delivered, so that a full index and the events never race on one document.
            for (Tenants.Tenant t : tenants.all()) indexer.indexIfEmpty(t.id());
            for (Tenants.Tenant t : tenants.all()) authorityIndexer.indexIfEmpty(t.id());
            liveReindex.resumeAll(tenants.all().stream().map(Tenants.Tenant::id).toList()); // after a crash
            // A resource-ids job a crash interrupted will never finish: ERROR, as a failed query ends.
            for (Tenants.Tenant t : tenants.all()) idsJobs.failUnfinished(t.id());
            // Import jobs a crash interrupted go on after their last committed chunk (ImportJob, JobLeaseStore).
            imports.resumeAll(tenants.all().stream().map(t -> Tenants.schema(t.id())).toList(), config.dbUrl() == null);
            // Export jobs a stop cut off end in FAIL: at once with the embedded database (no other process can be
            // running them), else by the hourly expiry once their last update is an hour old (ExportExpiry).
            if (config.dbUrl() == null) {
                for (Tenants.Tenant t : tenants.all()) {
                    db.tx(c -> org.quire.dataexport.ExportExpiry.failInterrupted(c, Tenants.schema(t.id())));
                }
            }

            Map<String, String> constraintMessages = new java.util.HashMap<>(Map.of(
                    "item_barcode_key", "Barcode must be unique, %s is already assigned to another item",
                    "users_barcode_key", "This barcode has already been taken: %s",
                    "users_username_key", "User with this username already exists: %s",
                    "service_points_user_user_id_key", "Service points user already exists for user %s",
                    "item_holdings_record_id_fkey", "Cannot delete holdings record: it still has items",
                    "holdings_record_instance_id_fkey", "Cannot delete instance: it still has holdings records",
                    "loan_one_open_per_item", "Cannot check out item that already has an open loan"));
            constraintMessages.putAll(InventoryTypes.duplicateMessages());
            // Races past the Users app's own checks (mod-users' DepartmentsAPI, mod-circulation-storage's wording).
            constraintMessages.put("department_name_key", "Department with this name already exists");
            constraintMessages.put("department_code_key", "Department with this code already exists");
            constraintMessages.put("department_pkey", "Department with this id already exists");
            constraintMessages.put("user_request_preference_user_id_key",
                    "Request preference for specified user already exists");
            constraintMessages.putAll(org.quire.platform.records.Reference.duplicateMessages("addresstype",
                    "addresstype", "addressType"));
            ErrorMapper errors = new ErrorMapper(constraintMessages);
            Authenticator auth = new Authenticator(tenants, tokens, permissions, apiKeys);
            ReadTimeouts timeouts = new ReadTimeouts(QuireConfig.readTimeout());
            WebServer server;
            try {
                // The server lets through the largest body any route takes (an upload); Router holds every other
                // route to QuireConfig.maxBodyBytes().
                server = WebServers.start(config.port(), router.toHelidon(auth, errors, timeouts),
                        router.largestBodyBytes(), timeouts);
            } catch (RuntimeException e) {
                timeouts.close();
                throw e;
            }
            if (!server.isRunning() || server.port() <= 0) {
                throw new IllegalStateException("The HTTP server could not listen on port " + config.port());
            }
            events.start();
            if (config.runJobs()) jobs.start();
            org.quire.users.Logins sipLogins = new org.quire.users.Logins(db, tokens);
            org.quire.sip2.Sip2Patrons sipPatrons = new org.quire.sip2.Sip2Patrons(db, sipLogins,
                    new org.quire.users.PatronPins(db), permissions,
                    org.quire.circulation.LostAndPaid::afterAccountAction);
            org.quire.sip2.Sip2Service sip2 = new org.quire.sip2.Sip2Service(db, tenants, sipLogins,
                    QuireConfig.sip2Tenant(), new org.quire.sip2.Sip2Circulation(db, permissions, sipPatrons,
                    circulation.checkOut(), circulation.checkIn(), circulation.renewal()), sipPatrons);
            QuireServer quire = new QuireServer(metrics, db, tenants, events, jobs, installer, server, router, timeouts,
                    searchIndexes, indexer, sip2);
            sip2Listeners.start(quire);
            return quire;
        } catch (RuntimeException e) {
            searchIndexes.close();
            db.close();
            metrics.close();
            throw e;
        }
    }

    /** Fails fast, before minutes of start-up work, when another process holds the port. */
    private static void requireFreePort(int port) {
        requireFreePort(port, "--port");
    }

    /** … {@code option} is what the message tells the user to change. */
    private static void requireFreePort(int port, String option) {
        if (port == 0) return;
        try (java.net.ServerSocket probe = new java.net.ServerSocket()) {
            probe.setReuseAddress(true);
            probe.bind(new java.net.InetSocketAddress(port));
        } catch (java.io.IOException e) {
            throw new IllegalStateException("Port " + port + " is already in use (is Quire already running?); "
                    + "choose another with " + option);
        }
    }

    private static void registerPlatform(Router r, Tenants tenants, TenantInstaller installer, Metrics metrics,
            Database db) {
        // Liveness: the process answers. Readiness: the database answers too (503 while it is down or restarting),
        // checked with a short timeout so that a probe never hangs on the pool.
        r.get("/admin/health", Router.PUBLIC, req -> Response.text(200, "OK"));
        r.get("/admin/ready", Router.PUBLIC, req -> db.ready(2_000) ? Response.text(200, "OK")
                : Response.text(503, "Database unavailable"));
        // Public like health: Prometheus scrapers send no tenant or token, and the numbers reveal no library data.
        r.get("/admin/metrics", Router.PUBLIC, req -> new Response(200, Metrics.CONTENT_TYPE,
                metrics.scrape().getBytes(java.nio.charset.StandardCharsets.UTF_8), new java.util.LinkedHashMap<>()));
        // The benchmark's HTTP floor: a FOLIO call's token and permission check without any database work.
        r.get("/admin/ping", "quire.admin.ping.get", req -> Response.text(200, "pong"));
        OkapiDiscovery.register(r, tenants);
    }

    public int port() {
        return server.port();
    }

    /** Every route the server answers (besides OPTIONS and HEAD, which follow from them). */
    public java.util.List<Router.RouteInfo> routes() {
        return router.routes();
    }

    public Database database() {
        return db;
    }

    public Tenants tenants() {
        return tenants;
    }

    public TenantInstaller installer() {
        return installer;
    }

    public EventDispatcher events() {
        return events;
    }

    /** The scheduled jobs; modules add theirs before start, tests run them with {@link Jobs#runNow}. */
    public Jobs jobs() {
        return jobs;
    }

    /**
     * The SIP2 listeners the environment asks for: the shared port (QUIRE_SIP2_PORT, null: none) and the tenants' own
     * ports (QUIRE_SIP2_TENANT_PORTS), all over TLS when QUIRE_SIP2_TLS_KEYSTORE names a key store ({@code tls}).
     */
    private record Sip2Listeners(Integer sharedPort, Map<Integer, String> tenantPorts,
                                 javax.net.ssl.SSLContext tls) {
        /** Read and checked before anything starts: a bad setting is an error naming it. */
        static Sip2Listeners fromEnvironment() {
            Integer shared = QuireConfig.sip2Port();
            Map<Integer, String> tenantPorts = QuireConfig.sip2TenantPorts();
            for (String tenant : tenantPorts.values()) {
                if (!Tenants.validId(tenant)) {
                    throw new IllegalArgumentException("QUIRE_SIP2_TENANT_PORTS: '" + tenant + "' is not a tenant id");
                }
            }
            if (shared != null && tenantPorts.containsKey(shared)) {
                throw new IllegalArgumentException("QUIRE_SIP2_TENANT_PORTS names port " + shared
                        + ", which is QUIRE_SIP2_PORT (the shared SIP2 port)");
            }
            if (shared != null) requireFreePort(shared, "QUIRE_SIP2_PORT");
            tenantPorts.keySet().forEach(port -> requireFreePort(port, "QUIRE_SIP2_TENANT_PORTS"));
            javax.net.ssl.SSLContext tls = shared == null && tenantPorts.isEmpty() ? null : QuireConfig.sip2Tls()
                    .map(t -> org.quire.sip2.Sip2Server.tls(t.keystore(), t.password())).orElse(null);
            return new Sip2Listeners(shared, tenantPorts, tls);
        }

        void start(QuireServer quire) {
            if (sharedPort != null) {
                synchronized (quire) {
                    quire.sip2Server = quire.listenSip2(sharedPort, null, tls);
                }
            }
            tenantPorts.forEach((port, tenant) -> {
                if (!quire.tenants.exists(tenant)) {
                    log.warn("SIP2 port {} belongs to tenant {}, which does not exist (yet): its logins fail until "
                            + "it does", port, tenant);
                }
                quire.startSip2Listener(port, tenant, tls);
            });
        }
    }

    @Override
    public void close() {
        db.stopWatchdog(); // from now on a PostgreSQL that stops is being stopped, not crashing
        synchronized (this) {
            sip2Listeners.forEach(org.quire.sip2.Sip2Server::close);
        }
        try {
            server.stop();
        } finally {
            timeouts.close();
            jobs.close();
            events.close();
            searchIndexes.close();
            db.close();
            metrics.close();
        }
    }

    /** The tenants' search indexes (tests read an index's state through it). */
    public org.quire.search.SearchIndexes indexes() {
        return searchIndexes;
    }

    /** The instance indexer (the CLI's reindex and tests use it). */
    public org.quire.search.InstanceIndexer indexer() {
        return indexer;
    }
}
