package org.quire.dataimport;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.quire.Api;
import org.quire.Fixtures;
import org.quire.TestServer;
import org.quire.platform.Json;
import org.quire.platform.db.Database;
import org.quire.platform.db.Sql;
import org.quire.platform.tenancy.Tenants;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quire.dataimport.DataImportClient.define;
import static org.quire.dataimport.DataImportClient.texts;

/**
 * SRM's job lists (folio-catalogue-api.md §3.3, §3.6): the running panel's and the logs list's queries, every filter
 * and sort, the users and job profiles of the jobs, a job's log and summary read from the journal the pipeline
 * fills (written here through the store's API, as the pipeline will), log deletion, and bad parameters.
 */
class JobExecutionListsTest {
    static final String TENANT = "di_jobs";
    static final String SCHEMA = Tenants.schema(TENANT);
    static final UUID PROFILE_A = UUID.randomUUID(), PROFILE_B = UUID.randomUUID();
    static Api.Session s;
    static String committed, error, running, fresh, cancelled;

    @BeforeAll
    static void setUp() {
        s = Fixtures.referenceOnlyTenant(TENANT);
        committed = jobOf(define(s, "Alpha.mrc"));
        error = jobOf(define(s, "beta.mrc"));
        running = jobOf(define(s, "Gamma.mrc"));
        fresh = jobOf(define(s, "delta.mrc"));
        cancelled = jobOf(define(s, "epsilon.mrc"));
        Database db = TestServer.get().database();
        db.tx(c -> {
            DataImportStore.setJobProfile(c, SCHEMA, UUID.fromString(committed), PROFILE_A, "Default - Create instance", "MARC");
            DataImportStore.setJobProfile(c, SCHEMA, UUID.fromString(error), PROFILE_B, "PTF - Create 2", "MARC");
            DataImportStore.setJobProfile(c, SCHEMA, UUID.fromString(running), PROFILE_A, "Default - Create instance", "MARC");
            DataImportStore.updateStatus(c, SCHEMA, List.of(UUID.fromString(running)), JobStatus.PARSING_IN_PROGRESS, null);
            DataImportStore.updateProgress(c, SCHEMA, UUID.fromString(running), 5, 50);
            DataImportStore.updateStatus(c, SCHEMA, List.of(UUID.fromString(committed)), JobStatus.COMMITTED, null);
            DataImportStore.updateProgress(c, SCHEMA, UUID.fromString(committed), 3, 3);
            DataImportStore.updateStatus(c, SCHEMA, List.of(UUID.fromString(error)), JobStatus.ERROR, "FILE_PROCESSING_ERROR");
            DataImportStore.updateStatus(c, SCHEMA, List.of(UUID.fromString(cancelled)), JobStatus.CANCELLED, null);
            // Distinct completion dates: committed first, then error, then cancelled.
            Sql.update(c, "UPDATE " + SCHEMA + ".job_execution SET completed_date = CASE id WHEN ? THEN "
                    + "'2026-01-01T10:00:00Z'::timestamptz WHEN ? THEN '2026-02-01T10:00:00Z' WHEN ? THEN "
                    + "'2026-03-01T10:00:00Z' ELSE completed_date END", List.of(UUID.fromString(committed),
                    UUID.fromString(error), UUID.fromString(cancelled)));
            List<LogEntry> entries = new ArrayList<>();
            UUID job = UUID.fromString(committed);
            entries.add(entry(job, 0, "Zebra", "CREATED", "CREATED", null, related("CREATED")));
            entries.add(entry(job, 1, "apple", "DISCARDED", "DISCARDED", "A new Instance was not created because the "
                    + "incoming record already contained a 999ff$s or 999ff$i field", Json.object()));
            entries.add(entry(job, 2, "Mango", "UPDATED", "UPDATED", null, related("UPDATED")));
            DataImportStore.insertLogEntries(c, SCHEMA, entries);
            return null;
        });
    }

    static String jobOf(JsonNode def) {
        return def.path("fileDefinitions").get(0).path("jobExecutionId").asText();
    }

    static LogEntry entry(UUID job, int order, String title, String source, String instance, String error,
                          com.fasterxml.jackson.databind.node.ObjectNode related) {
        return new LogEntry(null, job, UUID.randomUUID(), order, "MARC_BIB", title, source, instance, null, null,
                null, error, related);
    }

    static com.fasterxml.jackson.databind.node.ObjectNode related(String action) {
        var n = Json.object();
        n.putObject("relatedInstanceInfo").put("actionStatus", action).putArray("idList").add(UUID.randomUUID().toString());
        return n;
    }

    static List<String> ids(String query) {
        Api.Reply r = s.get("/metadata-provider/jobExecutions?limit=100&" + query);
        assertThat(r.status()).as(query + " " + r.body()).isEqualTo(200);
        assertThat(r.json().path("totalRecords").asInt()).isEqualTo(r.json().path("jobExecutions").size());
        return texts(r.json().path("jobExecutions"), "id");
    }

    static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    @Test
    void runningPanel_andLogsList_asTheUiAsks() {
        assertThat(ids("statusNot=DISCARDED&uiStatusAny=PREPARING_FOR_PREVIEW&uiStatusAny=READY_FOR_PREVIEW"
                + "&uiStatusAny=RUNNING&sortBy=completed_date,desc")).containsExactly(running);
        JsonNode runningJob = s.get("/metadata-provider/jobExecutions?uiStatusAny=RUNNING").json()
                .path("jobExecutions").get(0);
        assertThat(runningJob.path("progress").path("current").asInt()).isEqualTo(5); // what PTF reads
        assertThat(runningJob.path("progress").path("total").asInt()).isEqualTo(50);
        assertThat(runningJob.path("totalRecordsInFile").asInt()).isEqualTo(50);
        assertThat(runningJob.has("completedDate")).isFalse();
        assertThat(ids("statusAny=COMMITTED&statusAny=ERROR&statusAny=CANCELLED&sortBy=completed_date,desc"))
                .containsExactly(cancelled, error, committed);
        assertThat(ids("statusAny=COMMITTED,ERROR&sortBy=completed_date,asc")).containsExactly(committed, error);
        JsonNode err = s.get("/change-manager/jobExecutions/" + error).json();
        assertThat(err.path("uiStatus").asText()).isEqualTo("ERROR");
        assertThat(err.path("errorStatus").asText()).isEqualTo("FILE_PROCESSING_ERROR");
        assertThat(err.path("jobProfileInfo").path("name").asText()).isEqualTo("PTF - Create 2");
        assertThat(err.path("completedDate").asText()).isEqualTo("2026-02-01T10:00:00.000+00:00");
    }

    @Test
    void filters() {
        assertThat(ids("profileIdAny=" + PROFILE_A)).containsExactlyInAnyOrder(committed, running);
        assertThat(ids("profileIdNotAny=" + PROFILE_A)).contains(error, fresh).doesNotContain(committed, running);
        assertThat(ids("fileName=*AMM*")).containsExactly(running); // case-insensitive, * wildcard
        assertThat(ids("fileName=beta.mrc")).containsExactly(error);
        assertThat(ids("fileName=50%25")).isEmpty(); // SQL wildcards are literal
        String hrid = s.get("/change-manager/jobExecutions/" + fresh).json().path("hrId").asText();
        assertThat(ids("hrId=" + hrid)).containsExactly(fresh);
        assertThat(ids("hrId=" + hrid + "&fileName=Alpha.mrc")).containsExactlyInAnyOrder(fresh, committed);
        assertThat(ids("fileNameNotAny=Alpha.mrc&fileNameNotAny=beta.mrc")).doesNotContain(committed, error)
                .contains(running);
        assertThat(ids("subordinationTypeNotAny=COMPOSITE_CHILD,PARENT_SINGLE")).isEmpty();
        assertThat(ids("userId=" + UUID.randomUUID())).isEmpty();
        String admin = s.get("/change-manager/jobExecutions/" + fresh).json().path("userId").asText();
        assertThat(ids("userId=" + admin)).hasSize(5);
        assertThat(ids("completedAfter=" + enc("2026-01-15T00:00:00.000Z") + "&completedBefore="
                + enc("2026-02-15T00:00:00.000+00:00"))).containsExactly(error);
        assertThat(ids("excludeJobProfileName=" + enc("PTF - Create 2"))).doesNotContain(error).contains(committed, fresh);
        JsonNode page = s.get("/metadata-provider/jobExecutions?limit=2&offset=1&sortBy=file_name,asc").json();
        assertThat(page.path("totalRecords").asInt()).isEqualTo(5);
        assertThat(texts(page.path("jobExecutions"), "fileName")).containsExactly("beta.mrc", "delta.mrc");
    }

    @Test
    void sorts() {
        assertThat(texts(s.get("/metadata-provider/jobExecutions?sortBy=file_name,desc").json().path("jobExecutions"),
                "fileName")).containsExactly("Gamma.mrc", "epsilon.mrc", "delta.mrc", "beta.mrc", "Alpha.mrc");
        List<String> byHrid = texts(s.get("/metadata-provider/jobExecutions?sortBy=hrid,asc").json()
                .path("jobExecutions"), "id");
        assertThat(byHrid).containsExactly(committed, error, running, fresh, cancelled);
        assertThat(texts(s.get("/metadata-provider/jobExecutions?sortBy=progress_total,desc&sortBy=hrid,desc").json()
                .path("jobExecutions"), "id")).containsExactly(cancelled, fresh, error, running, committed);
        // the older form: sortBy=field&order=dir
        assertThat(texts(s.get("/metadata-provider/jobExecutions?sortBy=status&order=desc").json()
                .path("jobExecutions"), "status")).containsExactly("PARSING_IN_PROGRESS", "NEW", "ERROR",
                "COMMITTED", "CANCELLED");
        for (String field : JobQuery.SORT_FIELDS) {
            assertThat(s.get("/metadata-provider/jobExecutions?sortBy=" + field + ",desc").status()).as(field)
                    .isEqualTo(200);
        }
    }

    @Test
    void usersAndJobProfiles() {
        JsonNode users = s.get("/metadata-provider/jobExecutions/users").json();
        assertThat(users.path("totalRecords").asInt()).isEqualTo(1);
        assertThat(users.path("jobExecutionUsersInfo").get(0).path("userId").asText())
                .isEqualTo(s.get("/change-manager/jobExecutions/" + fresh).json().path("userId").asText());
        JsonNode profiles = s.get("/metadata-provider/jobExecutions/jobProfiles").json();
        assertThat(profiles.path("totalRecords").asInt()).isEqualTo(2);
        assertThat(texts(profiles.path("jobProfilesInfo"), "name")).containsExactly("Default - Create instance",
                "PTF - Create 2");
        assertThat(profiles.path("jobProfilesInfo").get(0).path("dataType").asText()).isEqualTo("MARC");
    }

    @Test
    void jobLog_andSummary_readTheJournal() {
        JsonNode log = s.get("/metadata-provider/jobLogEntries/" + committed).json();
        assertThat(log.path("totalRecords").asInt()).isEqualTo(3);
        JsonNode first = log.path("entries").get(0);
        assertThat(first.path("sourceRecordOrder").asText()).isEqualTo("0");
        assertThat(first.path("sourceRecordTitle").asText()).isEqualTo("Zebra");
        assertThat(first.path("sourceRecordActionStatus").asText()).isEqualTo("CREATED");
        assertThat(first.path("sourceRecordType").asText()).isEqualTo("MARC_BIB");
        assertThat(first.path("jobExecutionId").asText()).isEqualTo(committed);
        assertThat(first.path("relatedInstanceInfo").path("actionStatus").asText()).isEqualTo("CREATED");
        assertThat(texts(s.get("/metadata-provider/jobLogEntries/" + committed + "?sortBy=title&order=desc").json()
                .path("entries"), "sourceRecordTitle")).containsExactly("Zebra", "Mango", "apple");
        JsonNode errors = s.get("/metadata-provider/jobLogEntries/" + committed + "?errorsOnly=true").json();
        assertThat(errors.path("totalRecords").asInt()).isEqualTo(1);
        assertThat(errors.path("entries").get(0).path("error").asText()).startsWith("A new Instance was not created");
        assertThat(s.get("/metadata-provider/jobLogEntries/" + committed + "?entityType=INSTANCE&limit=1&offset=2")
                .json().path("entries").get(0).path("sourceRecordTitle").asText()).isEqualTo("Mango");
        assertThat(s.get("/metadata-provider/jobLogEntries/" + committed + "?entityType=HOLDINGS").json()
                .path("totalRecords").asInt()).isZero();
        assertThat(s.get("/metadata-provider/jobLogEntries/" + fresh).json().path("totalRecords").asInt()).isZero();

        JsonNode summary = s.get("/metadata-provider/jobSummary/" + committed).json();
        assertThat(summary.path("jobExecutionId").asText()).isEqualTo(committed);
        assertThat(summary.path("totalErrors").asInt()).isEqualTo(1);
        assertThat(summary.path("sourceRecordSummary").path("totalCreatedEntities").asInt()).isEqualTo(1);
        assertThat(summary.path("instanceSummary").path("totalUpdatedEntities").asInt()).isEqualTo(1);
        assertThat(summary.path("instanceSummary").path("totalDiscardedEntities").asInt()).isEqualTo(1);
        assertThat(summary.path("instanceSummary").path("totalErrors").asInt()).isEqualTo(1);
        assertThat(summary.path("holdingSummary").path("totalCreatedEntities").asInt()).isZero();
        JsonNode none = s.get("/metadata-provider/jobSummary/" + fresh).json();
        assertThat(none.path("totalErrors").asInt()).isZero();
    }

    @Test
    void deleteJobs_removesThemAndTheirLogs() {
        String a = jobOf(define(s, "del-a.mrc")), b = jobOf(define(s, "del-b.mrc"));
        TestServer.get().database().tx(c -> {
            DataImportStore.insertLogEntries(c, SCHEMA, List.of(entry(UUID.fromString(a), 0, "t", "CREATED",
                    "CREATED", null, Json.object())));
            return null;
        });
        String missing = UUID.randomUUID().toString();
        Api.Reply r = s.api().send("DELETE", "/change-manager/jobExecutions", "{\"ids\":[\"" + a + "\",\"" + missing
                + "\"]}", s.tenant(), s.token());
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        assertThat(r.json().path("jobExecutionDetails").get(0).path("jobExecutionId").asText()).isEqualTo(a);
        assertThat(r.json().path("jobExecutionDetails").get(0).path("isDeleted").asBoolean()).isTrue();
        assertThat(r.json().path("jobExecutionDetails").get(1).path("isDeleted").asBoolean()).isFalse();
        assertThat(s.get("/change-manager/jobExecutions/" + a).status()).isEqualTo(404);
        assertThat(s.get("/metadata-provider/jobLogEntries/" + a).json().path("totalRecords").asInt()).isZero();
        assertThat(s.get("/change-manager/jobExecutions/" + b).status()).isEqualTo(200);
        for (String bad : List.of("", "{", "{}", "{\"ids\":[]}", "{\"ids\":\"x\"}", "{\"ids\":[\"nope\"]}", "{\"ids\":[1]}")) {
            assertThat(s.api().send("DELETE", "/change-manager/jobExecutions", bad, s.tenant(), s.token()).status())
                    .as(bad).isEqualTo(400);
        }
    }

    @Test
    void badParameters_are400_naming_them() {
        for (String q : List.of("sortBy=nonsense,asc", "sortBy=file_name,up", "sortBy=file_name,asc,x",
                "sortBy=hrid&order=sideways", "statusAny=DONE", "statusNot=X", "uiStatusAny=WALKING",
                "profileIdAny=nope", "profileIdNotAny=1", "subordinationTypeNotAny=CHILDISH", "userId=me",
                "completedAfter=yesterday", "completedBefore=2026-13-01", "limit=-1", "offset=x")) {
            Api.Reply r = s.get("/metadata-provider/jobExecutions?" + q);
            assertThat(r.status()).as(q + " " + r.body()).isEqualTo(400);
            String param = q.substring(0, q.indexOf('='));
            assertThat(r.body()).as(q).contains(param.equals("sortBy") && q.contains("order") ? "order" : param);
        }
        for (String q : List.of("sortBy=nope", "order=up", "errorsOnly=maybe", "entityType=BOOK", "limit=x")) {
            Api.Reply r = s.get("/metadata-provider/jobLogEntries/" + committed + "?" + q);
            assertThat(r.status()).as(q + " " + r.body()).isEqualTo(400);
        }
        assertThat(s.get("/metadata-provider/jobLogEntries/not-a-uuid").status()).isEqualTo(404);
        assertThat(s.get("/metadata-provider/jobSummary/not-a-uuid").status()).isEqualTo(404);
        Api.Reply unknown = s.get("/metadata-provider/jobSummary/" + UUID.randomUUID());
        assertThat(unknown.status()).isEqualTo(404);
        assertThat(unknown.body()).startsWith("JobExecution with id '");
        assertThat(s.get("/metadata-provider/jobExecutions/users?limit=-2").status()).isEqualTo(400);
        assertThat(s.get("/metadata-provider/jobExecutions/jobProfiles?offset=-2").status()).isEqualTo(400);
    }
}
