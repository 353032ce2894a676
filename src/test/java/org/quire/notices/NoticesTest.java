package org.quire.notices;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.quire.Api;
import org.quire.Fixtures;
import org.quire.TestServer;
import org.quire.circulation.CirculationNoticeRecords;
import org.quire.platform.Json;
import org.quire.platform.db.Sql;
import org.quire.platform.jobs.Jobs;
import org.quire.platform.tenancy.Tenants;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quire.Fixtures.*;
import static org.quire.notices.PatronNotices.*;

/**
 * Patron notices end to end: circulation over HTTP schedules them in its own transaction, the patron-notices job
 * (run explicitly, at chosen instants) renders and hands them to a recording sender, exactly once.
 */
class NoticesTest {
    static final String TENANT = "notices_test";
    static final String MANUAL_DUE_DATE_CHANGE = "Manual due date change";
    static final Duration DAY = Duration.ofDays(1);
    static final AtomicInteger seq = new AtomicInteger();
    static final List<NoticeSender.Notice> sent = new CopyOnWriteArrayList<>();
    static Api.Session s;
    static String templateId;
    static Jobs jobs;

    @BeforeAll
    static void tenant() {
        s = Fixtures.tenant(TENANT);
        templateId = template("Notice: {{item.title}}", "<p>Dear {{user.firstName}}, {{item.title}} [{{item.barcode}}]"
                + " due {{loan.dueDate}}, renewals {{loan.numberOfRenewalsTaken}}"
                + "{{#request}}, pickup at {{request.servicePointPickup}}{{/request}}</p>");
        ObjectNode policy = Json.object().put("name", "Notices test").put("active", true);
        ArrayNode loans = policy.putArray("loanNotices");
        loans.add(notice(CHECK_OUT, "Upon At", null, null));
        loans.add(notice(CHECK_IN, "Upon At", null, null));
        loans.add(notice(RENEWED, "Upon At", null, null));
        loans.add(notice(ITEM_RECALLED, "Upon At", null, null));
        loans.add(notice(MANUAL_DUE_DATE_CHANGE, "Upon At", null, null));
        loans.add(notice(DUE_DATE, "Before", DAY, null));
        loans.add(notice(DUE_DATE, "Upon At", null, null));
        loans.add(notice(DUE_DATE, "After", DAY, DAY));
        ArrayNode requests = policy.putArray("requestNotices");
        requests.add(notice(HOLD_REQUEST, "Upon At", null, null));
        requests.add(notice(AVAILABLE, "Upon At", null, null));
        Api.Reply p = s.post("/patron-notice-policy-storage/patron-notice-policies", policy);
        assertThat(p.status()).as(p.body()).isEqualTo(201);
        String rules = s.get("/circulation/rules").json().path("rulesAsText").asText()
                .replace("n 122b3d2b-4788-4f1e-9117-56daa91cb75c", "n " + p.json().path("id").asText());
        assertThat(s.put("/circulation/rules", Json.object().put("rulesAsText", rules)).status()).isEqualTo(204);

        jobs = new Jobs(TestServer.get().database(), TestServer.get().tenants());
        jobs.add(new NoticeJob(sent::add, CirculationNoticeRecords.RECORDS));
    }

    static String template(String header, String body) {
        ObjectNode t = Json.object().put("name", "Template " + seq.incrementAndGet()).put("description", "test")
                .put("active", true).put("category", "Loan").put("templateResolver", "mustache");
        t.putArray("outputFormats").add("text/html");
        t.putObject("localizedTemplates").putObject("en").put("header", header).put("body", body);
        Api.Reply r = s.post("/templates", t);
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return r.json().path("id").asText();
    }

    static ObjectNode notice(String when, String how, Duration by, Duration every) {
        ObjectNode n = Json.object().put("name", when + " " + how).put("templateId", templateId).put("format", "Email")
                .put("realTime", true).put("frequency", every == null ? "One time" : "Recurring");
        ObjectNode o = n.putObject("sendOptions").put("sendWhen", when).put("sendHow", how);
        if (by != null) o.putObject("sendBy").put("duration", by.toDays()).put("intervalId", "Days");
        if (every != null) o.putObject("sendEvery").put("duration", every.toDays()).put("intervalId", "Days");
        return n;
    }

    static ObjectNode patron() {
        String barcode = "nt-user-" + seq.incrementAndGet();
        ObjectNode u = Json.object().put("id", UUID.randomUUID().toString()).put("username", barcode)
                .put("barcode", barcode).put("active", true).put("patronGroup", UNDERGRAD).put("type", "patron");
        u.putObject("personal").put("lastName", "Reader").put("firstName", "Ada" + seq.get())
                .put("email", barcode + "@example.org");
        Api.Reply r = s.post("/users", u);
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return (ObjectNode) r.json();
    }

    /** A DVD: the Example Loan Policy (60 days, renewals add 30 days). */
    static ObjectNode item() {
        return Fixtures.item(s, "nt-item-" + seq.incrementAndGet(), DVD, CAN_CIRCULATE, MAIN_LIBRARY);
    }

    static JsonNode checkOut(JsonNode item, JsonNode user) {
        Api.Reply r = s.post("/circulation/check-out-by-barcode", Fixtures.checkOut(item.path("barcode").asText(),
                user.path("barcode").asText()));
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return r.json();
    }

    /** A request for pickup at Circ Desk 1. */
    static void request(String type, JsonNode item, JsonNode requester) {
        ObjectNode body = Json.object().put("requestType", type).put("requestLevel", "Item")
                .put("itemId", item.path("id").asText()).put("requesterId", requester.path("id").asText())
                .put("pickupServicePointId", CIRC_DESK_1).put("fulfillmentPreference", "Hold Shelf")
                .put("requestDate", Instant.now().toString());
        Api.Reply r = s.post("/circulation/requests", body);
        assertThat(r.status()).as(r.body()).isEqualTo(201);
    }

    static void run(Instant at) {
        assertThat(jobs.runNow(NoticeJob.NAME, TENANT, at)).isPresent();
    }

    static List<NoticeSender.Notice> sent(String event, JsonNode user) {
        return sent.stream().filter(n -> event.equals(n.triggeringEvent())
                && n.recipientUserId().toString().equals(user.path("id").asText())).toList();
    }

    static List<JsonNode> scheduled(String cql) {
        JsonNode page = s.get("/scheduled-notice-storage/scheduled-notices?limit=100", cql).json();
        List<JsonNode> out = new ArrayList<>();
        page.path("scheduledNotices").forEach(out::add);
        return out;
    }

    static Instant nextRun(JsonNode notice) {
        return Instant.parse(notice.path("nextRunTime").asText());
    }

    @Test
    void checkOutNotice_isSentExactlyOnce_afterCommit() {
        ObjectNode patron = patron(), item = item();
        resetStatements();
        JsonNode loan = checkOut(item, patron);
        // The check-out notice and the three due-date notices: one statement.
        assertThat(calls(Tenants.schema(TENANT) + ".", "scheduled_notice")).isEqualTo(1);
        assertThat(scheduled("loanId==" + loan.path("id").asText() + " and triggeringEvent==\"Check out\"")).hasSize(1);

        run(Instant.now());
        run(Instant.now());

        List<NoticeSender.Notice> out = sent(CHECK_OUT, patron);
        assertThat(out).hasSize(1);
        NoticeSender.Notice n = out.getFirst();
        String barcode = item.path("barcode").asText();
        assertThat(n.subject()).isEqualTo("Notice: Title of " + barcode);
        assertThat(n.body()).contains("Dear " + patron.path("personal").path("firstName").asText())
                .contains("[" + barcode + "]").contains("due " + date(Instant.parse(loan.path("dueDate").asText())));
        assertThat(n.email()).isEqualTo(patron.path("personal").path("email").asText());
        assertThat(n.templateId()).isEqualTo(templateId);
        assertThat(n.tenant()).isEqualTo(TENANT);
        assertThat(scheduled("loanId==" + loan.path("id").asText() + " and triggeringEvent==\"Check out\"")).isEmpty();
    }

    @Test
    void dueDateNotices_beforeUponAtAfter_atTheirTimes_once_andAfterRecurs() {
        ObjectNode patron = patron();
        JsonNode loan = checkOut(item(), patron);
        Instant due = Instant.parse(loan.path("dueDate").asText());
        List<JsonNode> rows = scheduled("loanId==" + loan.path("id").asText() + " and triggeringEvent==\"Due date\"");
        assertThat(rows).hasSize(3);
        for (JsonNode r : rows) {
            String timing = r.path("noticeConfig").path("timing").asText();
            Instant expected = switch (timing) {
                case "Before" -> due.minus(DAY);
                case "After" -> due.plus(DAY);
                default -> due;
            };
            assertThat(nextRun(r)).as(timing).isEqualTo(expected);
            assertThat(r.path("recipientUserId").asText()).isEqualTo(patron.path("id").asText());
            assertThat(r.path("noticeConfig").has("recurringPeriod")).isEqualTo(timing.equals("After"));
        }

        run(Instant.now());
        assertThat(sent(DUE_DATE, patron)).isEmpty();
        run(due.minus(DAY).plusSeconds(60));
        run(due.minus(DAY).plusSeconds(60));
        assertThat(sent(DUE_DATE, patron)).hasSize(1);
        run(due.plusSeconds(60));
        assertThat(sent(DUE_DATE, patron)).hasSize(2);
        run(due.plus(DAY).plusSeconds(60));
        run(due.plus(DAY).plusSeconds(60));
        assertThat(sent(DUE_DATE, patron)).hasSize(3);

        // The recurring "After" notice stays, a period later; the one-time ones are gone.
        List<JsonNode> left = scheduled("loanId==" + loan.path("id").asText() + " and triggeringEvent==\"Due date\"");
        assertThat(left).hasSize(1);
        assertThat(left.getFirst().path("noticeConfig").path("timing").asText()).isEqualTo("After");
        assertThat(nextRun(left.getFirst())).isEqualTo(due.plus(DAY.multipliedBy(2)));
        run(due.plus(DAY.multipliedBy(2)).plusSeconds(60));
        assertThat(sent(DUE_DATE, patron)).hasSize(4);
        assertThat(nextRun(scheduled("loanId==" + loan.path("id").asText()).getFirst()))
                .isEqualTo(due.plus(DAY.multipliedBy(3)));
    }

    @Test
    void checkIn_sendsItsNotice_andDropsThePendingDueDateNotices() {
        ObjectNode patron = patron(), item = item();
        JsonNode loan = checkOut(item, patron);
        String loanId = loan.path("id").asText();
        assertThat(scheduled("loanId==" + loanId + " and triggeringEvent==\"Due date\"")).hasSize(3);

        resetStatements();
        Api.Reply in = s.post("/circulation/check-in-by-barcode", Fixtures.checkIn(item.path("barcode").asText(), CIRC_DESK_1));
        assertThat(in.status()).as(in.body()).isEqualTo(200);
        // The check-in notice and dropping the due-date notices: one statement.
        assertThat(calls(Tenants.schema(TENANT) + ".", "scheduled_notice")).isEqualTo(1);
        assertThat(scheduled("loanId==" + loanId + " and triggeringEvent==\"Due date\"")).isEmpty();
        assertThat(scheduled("loanId==" + loanId + " and triggeringEvent==\"Check in\"")).hasSize(1);

        run(Instant.now());
        assertThat(sent(CHECK_IN, patron)).hasSize(1);
        assertThat(sent(CHECK_IN, patron).getFirst().subject()).isEqualTo("Notice: Title of " + item.path("barcode").asText());
        run(Instant.now().plus(DAY.multipliedBy(90)));
        assertThat(sent(DUE_DATE, patron)).isEmpty();
        assertThat(scheduled("loanId==" + loanId)).isEmpty();
    }

    @Test
    void closedLoan_dropsDueDateNoticesUnsent() {
        ObjectNode patron = patron(), item = item();
        JsonNode loan = checkOut(item, patron);
        // Closed behind circulation's back (storage API): the job finds the loan closed and sends nothing.
        ObjectNode closed = (ObjectNode) s.get("/loan-storage/loans/" + loan.path("id").asText()).json();
        closed.putObject("status").put("name", "Closed");
        assertThat(s.put("/loan-storage/loans/" + loan.path("id").asText(), closed).status()).isEqualTo(204);
        run(Instant.parse(loan.path("dueDate").asText()).plus(DAY.multipliedBy(2)));
        assertThat(sent(DUE_DATE, patron)).isEmpty();
        assertThat(scheduled("loanId==" + loan.path("id").asText())).isEmpty();
    }

    @Test
    void renewal_sendsItsNotice_andReschedulesTheDueDateNotices() {
        ObjectNode patron = patron(), item = item();
        JsonNode loan = checkOut(item, patron);
        String loanId = loan.path("id").asText();
        Api.Reply r = s.post("/circulation/renew-by-barcode", Json.object().put("itemBarcode", item.path("barcode").asText())
                .put("userBarcode", patron.path("barcode").asText()));
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        Instant oldDue = Instant.parse(loan.path("dueDate").asText()), newDue = Instant.parse(r.json().path("dueDate").asText());
        assertThat(newDue).isAfter(oldDue);

        List<JsonNode> rows = scheduled("loanId==" + loanId + " and triggeringEvent==\"Due date\"");
        assertThat(rows).hasSize(3);
        assertThat(rows.stream().map(NoticesTest::nextRun).toList())
                .containsExactlyInAnyOrder(newDue.minus(DAY), newDue, newDue.plus(DAY));

        run(Instant.now());
        List<NoticeSender.Notice> renewed = sent(RENEWED, patron);
        assertThat(renewed).hasSize(1);
        assertThat(renewed.getFirst().body()).contains("renewals 1").contains("due " + date(newDue));
        // Nothing is sent for the old due date: the first due-date notice is now a day before the new one.
        run(oldDue.plusSeconds(60));
        assertThat(sent(DUE_DATE, patron)).isEmpty();
    }

    @Test
    void manualDueDateChange_sendsItsNotice_andReschedulesTheDueDateNotices() {
        ObjectNode patron = patron(), item = item();
        JsonNode loan = checkOut(item, patron);
        String loanId = loan.path("id").asText();
        Instant oldDue = Instant.parse(loan.path("dueDate").asText()), newDue = oldDue.plus(Duration.ofDays(10));
        Api.Reply r = s.post("/circulation/loans/" + loanId + "/change-due-date",
                Json.object().put("dueDate", newDue.toString()));
        assertThat(r.status()).as(r.body()).isEqualTo(204);

        List<JsonNode> rows = scheduled("loanId==" + loanId + " and triggeringEvent==\"Due date\"");
        assertThat(rows.stream().map(NoticesTest::nextRun).toList())
                .containsExactlyInAnyOrder(newDue.minus(DAY), newDue, newDue.plus(DAY));
        run(Instant.now());
        assertThat(sent(MANUAL_DUE_DATE_CHANGE, patron)).singleElement()
                .satisfies(n -> assertThat(n.body()).contains("due " + date(newDue)));
        run(oldDue.minus(DAY).plusSeconds(60));
        assertThat(sent(DUE_DATE, patron)).isEmpty();
    }

    @Test
    void recall_tellsTheBorrower_andReschedulesTheDueDateNotices() {
        ObjectNode borrower = patron(), requester = patron(), item = item();
        JsonNode loan = checkOut(item, borrower);
        request("Recall", item, requester);
        Instant recalledDue = Instant.parse(s.get("/circulation/loans/" + loan.path("id").asText()).json()
                .path("dueDate").asText());
        assertThat(recalledDue).isBefore(Instant.parse(loan.path("dueDate").asText()));

        assertThat(scheduled("loanId==" + loan.path("id").asText() + " and triggeringEvent==\"Due date\"").stream()
                .map(NoticesTest::nextRun).toList())
                .containsExactlyInAnyOrder(recalledDue.minus(DAY), recalledDue, recalledDue.plus(DAY));
        run(Instant.now());
        assertThat(sent(ITEM_RECALLED, borrower)).hasSize(1);
        assertThat(sent(ITEM_RECALLED, borrower).getFirst().body()).contains("due " + date(recalledDue));
        assertThat(sent(ITEM_RECALLED, requester)).isEmpty();
    }

    @Test
    void aNoticeDueNow_isSentRightAfterTheCommit_whereJobsRun() throws Exception {
        List<NoticeSender.Notice> mailed = new CopyOnWriteArrayList<>();
        Jobs running = new Jobs(TestServer.get().database(), TestServer.get().tenants());
        running.add(new NoticeJob(mailed::add, CirculationNoticeRecords.RECORDS));
        java.util.function.Consumer<String> kick = schema -> running.runSoon(NoticeJob.NAME,
                schema.substring(Tenants.schema("").length()));
        running.start();
        NoticesStore.listen(kick);
        try {
            ObjectNode patron = patron();
            checkOut(item(), patron);
            // The schedule's first tick is a minute away: only the after-commit run can deliver this soon.
            long deadline = System.currentTimeMillis() + 10_000;
            while (System.currentTimeMillis() < deadline && mailed.stream().noneMatch(n ->
                    n.recipientUserId().toString().equals(patron.path("id").asText()))) Thread.sleep(20);
            assertThat(mailed).filteredOn(n -> n.recipientUserId().toString().equals(patron.path("id").asText()))
                    .extracting(NoticeSender.Notice::triggeringEvent).containsExactly(CHECK_OUT);
        } finally {
            NoticesStore.unlisten(kick);
            running.close();
        }
    }

    @Test
    void holdRequest_andAvailable_noticesGoToTheRequester() {
        ObjectNode borrower = patron(), requester = patron(), item = item();
        checkOut(item, borrower);
        request("Hold", item, requester);

        run(Instant.now());
        List<NoticeSender.Notice> held = sent(HOLD_REQUEST, requester);
        assertThat(held).hasSize(1);
        assertThat(held.getFirst().body()).contains("Title of " + item.path("barcode").asText())
                .contains("Dear " + requester.path("personal").path("firstName").asText());
        assertThat(sent(HOLD_REQUEST, borrower)).isEmpty();

        Api.Reply in = s.post("/circulation/check-in-by-barcode", Fixtures.checkIn(item.path("barcode").asText(), CIRC_DESK_1));
        assertThat(in.status()).as(in.body()).isEqualTo(200);
        run(Instant.now());
        assertThat(sent(AVAILABLE, requester)).hasSize(1);
        assertThat(sent(AVAILABLE, requester).getFirst().body()).contains("pickup at Circ Desk 1");
        assertThat(sent(CHECK_IN, borrower)).hasSize(1);
    }

    @Test
    void twoJobRunners_sendEachNoticeOnce() throws Exception {
        ObjectNode patron = patron();
        String numbered = template("C-{{n}}", "{{n}}");
        int count = 40;
        for (int i = 0; i < count; i++) {
            Api.Reply r = s.post("/patron-notice", Json.object().put("recipientId", patron.path("id").asText())
                    .put("deliveryChannel", "email").put("templateId", numbered).put("outputFormat", "text/html")
                    .put("lang", "en").set("context", Json.object().put("n", i)));
            assertThat(r.status()).as(r.body()).isEqualTo(200);
        }
        List<String> delivered = new CopyOnWriteArrayList<>();
        NoticeSender slow = n -> {
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            if (n.subject().startsWith("C-")) delivered.add(n.subject());
        };
        // Two schedulers (two processes on one database), each with its own job, racing for the same tenant.
        Jobs first = new Jobs(TestServer.get().database(), TestServer.get().tenants());
        Jobs second = new Jobs(TestServer.get().database(), TestServer.get().tenants());
        first.add(new NoticeJob(slow, CirculationNoticeRecords.RECORDS));
        second.add(new NoticeJob(slow, CirculationNoticeRecords.RECORDS));
        String recipient = "recipientUserId==" + patron.path("id").asText();
        List<Thread> threads = new ArrayList<>();
        for (Jobs j : List.of(first, second)) {
            threads.add(Thread.ofVirtual().start(() -> {
                long deadline = System.currentTimeMillis() + 20_000;
                while (System.currentTimeMillis() < deadline && !scheduled(recipient).isEmpty())
                    j.runNow(NoticeJob.NAME, TENANT, Instant.now());
            }));
        }
        for (Thread t : threads) t.join(30_000);
        assertThat(delivered).hasSize(count).doesNotHaveDuplicates();

        // Without the scheduler's lock, two transactions claiming at once still split the notices (SKIP LOCKED).
        for (int i = 0; i < 10; i++) {
            s.post("/patron-notice", Json.object().put("recipientId", patron.path("id").asText())
                    .put("templateId", numbered).set("context", Json.object().put("n", 100 + i)));
        }
        CountDownLatch claimed = new CountDownLatch(1), otherDone = new CountDownLatch(1);
        NoticeSender waiting = n -> {
            claimed.countDown();
            try {
                otherDone.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            if (n.subject().startsWith("C-")) delivered.add(n.subject());
        };
        String schema = Tenants.schema(TENANT);
        var db = TestServer.get().database();
        Thread holder = Thread.ofVirtual().start(() -> db.tx(c -> new NoticeJob(waiting, CirculationNoticeRecords.RECORDS)
                .run(c, schema, Instant.now(), 200)));
        assertThat(claimed.await(10, TimeUnit.SECONDS)).isTrue();
        long started = System.nanoTime();
        int other = db.tx(c -> new NoticeJob(slow, CirculationNoticeRecords.RECORDS).run(c, schema, Instant.now(), 200));
        assertThat(Duration.ofNanos(System.nanoTime() - started)).as("skipped, not waited for").isLessThan(Duration.ofSeconds(5));
        otherDone.countDown();
        holder.join(10_000);
        assertThat(other).isZero();
        assertThat(delivered).hasSize(count + 10).doesNotHaveDuplicates();
        assertThat(scheduled(recipient)).isEmpty();
    }

    @Test
    void patronNotice_templateRequest_andTheTimerEndpoint_writeTheNoticesFile() throws Exception {
        ObjectNode patron = patron();
        ObjectNode context = Json.object();
        context.putObject("user").put("firstName", "Grace");
        context.putObject("item").put("title", "Notes & <Queries>");
        context.putObject("loan").put("dueDate", "2026-11-22T23:59:59.000Z");

        Api.Reply rendered = s.post("/template-request", Json.object().put("templateId", templateId).put("lang", "en")
                .put("outputFormat", "text/html").set("context", context));
        assertThat(rendered.status()).as(rendered.body()).isEqualTo(200);
        assertThat(rendered.json().path("result").path("header").asText()).isEqualTo("Notice: Notes &amp; &lt;Queries&gt;");
        assertThat(rendered.json().path("result").path("body").asText())
                .isEqualTo("<p>Dear Grace, Notes &amp; &lt;Queries&gt; [] due Nov 22, 2026, renewals </p>");

        Api.Reply posted = s.post("/patron-notice", Json.object().put("recipientId", patron.path("id").asText())
                .put("deliveryChannel", "email").put("templateId", templateId).put("outputFormat", "text/html")
                .put("lang", "en").set("context", context));
        assertThat(posted.status()).as(posted.body()).isEqualTo(200);
        assertThat(s.post("/patron-notice", Json.object().put("recipientId", patron.path("id").asText())
                .put("templateId", UUID.randomUUID().toString())).status()).isEqualTo(400);

        Api.Reply timer = s.post("/circulation/scheduled-notices-processing", Json.object());
        assertThat(timer.status()).as(timer.body()).isEqualTo(204);
        Path file = TestServer.dataDir().resolve("notices").resolve(TENANT + ".jsonl");
        List<JsonNode> lines = Files.readAllLines(file).stream().map(Json::parse)
                .filter(l -> l.path("recipientUserId").asText().equals(patron.path("id").asText())).toList();
        assertThat(lines).hasSize(1);
        JsonNode line = lines.getFirst();
        assertThat(line.path("subject").asText()).isEqualTo("Notice: Notes &amp; &lt;Queries&gt;");
        assertThat(line.path("email").asText()).isEqualTo(patron.path("personal").path("email").asText());
        assertThat(line.path("tenant").asText()).isEqualTo(TENANT);
        assertThat(line.path("templateId").asText()).isEqualTo(templateId);
        assertThat(scheduled("recipientUserId==" + patron.path("id").asText())).isEmpty();
    }

    @Test
    void checkOut_underAPolicyWithoutNotices_schedulesNothing_andAddsNoStatement() {
        String tenant = "notices_none";
        Api.Session n = Fixtures.tenant(tenant);
        Fixtures.patron(n, "nn-user", UNDERGRAD, true);
        Fixtures.item(n, "nn-item-1", DVD, CAN_CIRCULATE, MAIN_LIBRARY);
        Fixtures.item(n, "nn-item-2", DVD, CAN_CIRCULATE, MAIN_LIBRARY);
        assertThat(n.post("/circulation/check-out-by-barcode", Fixtures.checkOut("nn-item-1", "nn-user")).status()).isEqualTo(201);
        resetStatements();
        Api.Reply out = n.post("/circulation/check-out-by-barcode", Fixtures.checkOut("nn-item-2", "nn-user"));
        assertThat(out.status()).as(out.body()).isEqualTo(201);

        String schema = Tenants.schema(tenant) + ".";
        assertThat(calls(schema, "scheduled_notice")).isZero();
        // The notice policy is read by the statement that reads the loan policy: no statement of its own.
        assertThat(calls(schema, "notice_policy")).isEqualTo(1);
        assertThat(calls(schema, "notice_policy", "loan_policy")).isEqualTo(1);
        assertThat(n.get("/scheduled-notice-storage/scheduled-notices").json().path("totalRecords").asInt()).isZero();
    }

    /** Resets PostgreSQL's statement counts (pg_stat_statements, preloaded by the embedded PostgreSQL). */
    private static void resetStatements() {
        var db = TestServer.get().database();
        db.read(c -> Sql.update(c, "CREATE EXTENSION IF NOT EXISTS pg_stat_statements", List.of()));
        db.read(c -> Sql.list(c, "SELECT pg_stat_statements_reset()", List.of(), rs -> 1));
    }

    /** Calls since the reset of statements naming each of {@code tables} in {@code schema}. */
    private static long calls(String schema, String... tables) {
        StringBuilder sql = new StringBuilder("SELECT coalesce(sum(calls), 0) FROM pg_stat_statements WHERE true");
        List<Object> params = new ArrayList<>();
        for (String t : tables) {
            sql.append(" AND strpos(query, ?) > 0");
            params.add(schema + t);
        }
        return TestServer.get().database().read(c -> Sql.one(c, sql.toString(), params, rs -> rs.getLong(1)).orElseThrow());
    }

    static String date(Instant t) {
        return DateTimeFormatter.ofPattern("MMM d, yyyy", Locale.US).withZone(ZoneOffset.UTC).format(t);
    }
}
