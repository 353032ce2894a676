package org.quire.circulation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.quire.Api;
import org.quire.Fixtures;
import org.quire.TestServer;
import org.quire.platform.Json;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Renewal overrides with FOLIO's overrideBlocks: renewalBlock, renewalDueDateRequiredBlock {dueDate} and
 * patronBlock, their permissions, the comment, and mod-circulation's messages. Books: one renewal allowed; DVDs: a
 * loan policy that is not renewable.
 */
class RenewalOverrideTest {
    static final String TENANT = "renew_override";
    static Api.Session s;
    static int serial;

    @BeforeAll
    static void setUp() {
        s = Fixtures.tenant(TENANT);
        String once = policy("Renew once", true);
        String never = policy("Never renew", false);
        String others = " r 334e5a9e-94f9-4673-8d1d-ab552863886b n 122b3d2b-4788-4f1e-9117-56daa91cb75c"
                + " o cd3f6cac-fa17-4079-9fae-2fb28e521412 i ed892c0e-52e0-4cd9-8133-c0ef07b4a709";
        String rules = "priority: t, s, c, b, a, m, g\nfallback-policy: l " + once + others + "\n"
                + "m " + Fixtures.DVD + ": l " + never + others + "\n";
        Api.Reply put = s.put("/circulation/rules", Json.object().put("rulesAsText", rules));
        assertThat(put.status()).as(put.body()).isEqualTo(204);
    }

    static String policy(String name, boolean renewable) {
        ObjectNode p = Json.object().put("name", name).put("loanable", true).put("renewable", renewable);
        p.putObject("loansPolicy").put("profileId", "Rolling").put("closedLibraryDueDateManagementId", "CURRENT_DUE_DATE_TIME")
                .set("period", Json.object().put("duration", 3).put("intervalId", "Days"));
        if (renewable) p.putObject("renewalsPolicy").put("numberAllowed", 1).put("renewFromId", "CURRENT_DUE_DATE");
        Api.Reply r = s.post("/loan-policy-storage/loan-policies", p);
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return r.json().path("id").asText();
    }

    static String lend(String materialType) {
        String barcode = "ro-" + (++serial), user = "ro-u" + serial;
        Fixtures.item(s, barcode, materialType, Fixtures.CAN_CIRCULATE, Fixtures.MAIN_LIBRARY);
        Fixtures.patron(s, user, Fixtures.UNDERGRAD, true);
        Api.Reply out = s.post("/circulation/check-out-by-barcode", Fixtures.checkOut(barcode, user));
        assertThat(out.status()).as(out.body()).isEqualTo(201);
        return barcode;
    }

    static ObjectNode renewal(String barcode) {
        return Json.object().put("itemBarcode", barcode).put("userBarcode", "ro-u" + barcode.substring(3))
                .put("servicePointId", Fixtures.CIRC_DESK_1);
    }

    static ObjectNode overriding(String barcode, String comment, String... blocks) {
        ObjectNode body = renewal(barcode);
        ObjectNode o = body.putObject("overrideBlocks");
        if (comment != null) o.put("comment", comment);
        for (String b : blocks) o.putObject(b);
        return body;
    }

    static String firstMessage(Api.Reply r) {
        assertThat(r.status()).as(r.body()).isEqualTo(422);
        return r.json().path("errors").get(0).path("message").asText();
    }

    @Test
    void renewalLimitReached_isOverriddenWithTheComment_andThePolicysDate() {
        String b = lend(Fixtures.BOOK);
        assertThat(s.post("/circulation/renew-by-barcode", renewal(b)).status()).isEqualTo(200);
        assertThat(firstMessage(s.post("/circulation/renew-by-barcode", renewal(b))))
                .isEqualTo("loan at maximum renewal number");
        assertThat(firstMessage(s.post("/circulation/renew-by-barcode", overriding(b, " ", "renewalBlock"))))
                .isEqualTo("Override renewal request must have a comment");

        Api.Reply r = s.post("/circulation/renew-by-barcode", overriding(b, "Thesis deadline", "renewalBlock"));
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        JsonNode loan = r.json();
        assertThat(loan.path("action").asText()).isEqualTo("renewedThroughOverride");
        assertThat(loan.path("actionComment").asText()).isEqualTo("Thesis deadline");
        assertThat(loan.path("renewalCount").asInt()).isEqualTo(2);
        assertThat(Instant.parse(loan.path("dueDate").asText())).isAfter(Instant.now().plus(8, ChronoUnit.DAYS));
    }

    @Test
    void aPolicyThatDoesNotRenew_needsTheOverridesDueDate() {
        String b = lend(Fixtures.DVD);
        assertThat(firstMessage(s.post("/circulation/renew-by-barcode", renewal(b)))).isEqualTo("loan is not renewable");
        assertThat(firstMessage(s.post("/circulation/renew-by-barcode", overriding(b, "Course reserve", "renewalBlock"))))
                .isEqualTo("New due date must be specified when due date calculation fails");

        String due = Instant.now().plus(10, ChronoUnit.DAYS).truncatedTo(ChronoUnit.SECONDS).toString();
        ObjectNode body = overriding(b, "Course reserve");
        ((ObjectNode) body.get("overrideBlocks")).putObject("renewalDueDateRequiredBlock").put("dueDate", due);
        Api.Reply r = s.post("/circulation/renew-by-barcode", body);
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        assertThat(Instant.parse(r.json().path("dueDate").asText())).isEqualTo(Instant.parse(due));
        assertThat(r.json().path("action").asText()).isEqualTo("renewedThroughOverride");
    }

    @Test
    void anOverrideWithNothingToOverride_isRefusedWithFoliosMessage() {
        String b = lend(Fixtures.BOOK);
        assertThat(firstMessage(s.post("/circulation/renew-by-barcode", overriding(b, "Just because", "renewalBlock"))))
                .startsWith("Override renewal does not match any of expected cases");
    }

    @Test
    void patronBlock_isOverriddenOnlyWithItsPermission() {
        String b = lend(Fixtures.BOOK);
        String userId = s.get("/users", "barcode==\"ro-u" + b.substring(3) + "\"").json().path("users").get(0)
                .path("id").asText();
        assertThat(s.post("/manualblocks", Json.object().put("userId", userId).put("renewals", true)
                .put("desc", "Unpaid bill")).status()).isEqualTo(201);
        assertThat(firstMessage(s.post("/circulation/renew-by-barcode", renewal(b)))).isEqualTo("Patron blocked from renewing");

        Api.Session clerk = clerk("circulation.renew-by-barcode.post");
        Api.Reply denied = clerk.post("/circulation/renew-by-barcode", overriding(b, "Paid at the desk", "patronBlock"));
        assertThat(firstMessage(denied)).isEqualTo("Missing permissions to override");
        assertThat(denied.json().path("errors").get(0).path("code").asText()).isEqualTo("INSUFFICIENT_OVERRIDE_PERMISSIONS");

        Api.Reply r = s.post("/circulation/renew-by-barcode", overriding(b, "Paid at the desk", "patronBlock"));
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        assertThat(r.json().path("action").asText()).isEqualTo("renewedThroughOverride");
    }

    static Api.Session clerk(String... permissions) {
        String id = UUID.randomUUID().toString(), name = "ro-clerk" + (++serial);
        assertThat(s.post("/users", Json.object().put("id", id).put("username", name).put("active", true)
                .put("type", "staff")).status()).isEqualTo(201);
        assertThat(s.post("/authn/credentials", Json.object().put("userId", id).put("password", "pw")).status()).isEqualTo(201);
        var perms = Json.array();
        for (String p : permissions) perms.add(p);
        assertThat(s.post("/perms/users", Json.object().put("userId", id).set("permissions", perms)).status()).isEqualTo(201);
        return TestServer.api().login(TENANT, name, "pw");
    }
}
