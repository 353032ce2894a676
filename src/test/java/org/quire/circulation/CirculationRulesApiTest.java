package org.quire.circulation;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.quire.Api;
import org.quire.Fixtures;
import org.quire.TestServer;
import org.quire.platform.Json;

import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quire.Fixtures.*;

/**
 * /circulation/rules (mod-circulation CirculationRulesResource) and /circulation-rules-storage (mod-circulation-storage
 * CirculationRulesAPI) over HTTP: one stored text, what either writes is what check-out uses, FOLIO's refusals.
 */
class CirculationRulesApiTest {
    static Api.Session s;
    static final String LOAN = "d9cd0bed-1b49-4b5e-a7bd-064b8d177231";
    static final String OTHERS = " r 334e5a9e-94f9-4673-8d1d-ab552863886b n 122b3d2b-4788-4f1e-9117-56daa91cb75c"
            + " o cd3f6cac-fa17-4079-9fae-2fb28e521412 i ed892c0e-52e0-4cd9-8133-c0ef07b4a709";
    static final String GOOD = "priority: t, s, c, b, a, m, g\nfallback-policy: l " + LOAN + OTHERS + "\n";
    static int barcodes;

    @BeforeAll
    static void setUp() {
        s = Fixtures.tenant("circ_rules_api");
        Fixtures.patron(s, "rules-patron", UNDERGRAD, true);
    }

    static Api.Reply putRules(String path, String text) {
        return s.put(path, Json.object().put("rulesAsText", text));
    }

    static Api.Reply checkOutNewBook() {
        String barcode = "rules-item-" + (++barcodes);
        Fixtures.item(s, barcode, BOOK, CAN_CIRCULATE, MAIN_LIBRARY);
        return s.post("/circulation/check-out-by-barcode", Fixtures.checkOut(barcode, "rules-patron"));
    }

    @Test
    void storageAndBusinessEndpointsShareOneRecord() {
        String id = UUID.randomUUID().toString();
        String text = GOOD + "m " + BOOK + ": l " + LOAN + OTHERS;
        Api.Reply put = s.put("/circulation-rules-storage", Json.object().put("id", id).put("rulesAsText", text));
        assertThat(put.status()).as(put.body()).isEqualTo(204);

        JsonNode storage = s.get("/circulation-rules-storage").json();
        assertThat(storage.path("id").asText()).isEqualTo(id);
        assertThat(storage.path("rulesAsText").asText()).isEqualTo(text);
        assertThat(storage.path("metadata").path("updatedDate").asText()).isNotEmpty();
        JsonNode business = s.get("/circulation/rules").json();
        assertThat(business).isEqualTo(storage);

        // A PUT without id keeps the record's id, as the UI's PUT of {rulesAsText} does.
        assertThat(putRules("/circulation/rules", GOOD).status()).isEqualTo(204);
        assertThat(s.get("/circulation-rules-storage").json().path("id").asText()).isEqualTo(id);
        assertThat(s.get("/circulation-rules-storage").json().path("rulesAsText").asText()).isEqualTo(GOOD);
    }

    @Test
    void whatStorageWritesIsWhatCheckOutUses_atOnce() {
        String fourWeeks = s.post("/loan-policy-storage/loan-policies", Json.object().put("name", "Rules API 4 weeks")
                .put("loanable", true).set("loansPolicy", Json.object().put("profileId", "Rolling")
                        .set("period", Json.object().put("duration", 4).put("intervalId", "Weeks"))))
                .json().path("id").asText();
        assertThat(putRules("/circulation/rules", GOOD).status()).isEqualTo(204);
        assertThat(checkOutNewBook().json().path("loanPolicyId").asText()).isEqualTo(LOAN);

        assertThat(putRules("/circulation-rules-storage", GOOD + "m " + BOOK + ": l " + fourWeeks + OTHERS).status())
                .isEqualTo(204);
        Api.Reply out = checkOutNewBook();
        assertThat(out.status()).as(out.body()).isEqualTo(201);
        assertThat(out.json().path("loanPolicyId").asText()).isEqualTo(fourWeeks);
        putRules("/circulation/rules", GOOD);
    }

    @Test
    void storageStoresWhatFolioStorageStores_andCheckOutAnswers422NotA500() {
        // A policy id that does not exist, and a name that is not even a UUID: mod-circulation-storage checks nothing.
        String missing = UUID.randomUUID().toString();
        assertThat(putRules("/circulation-rules-storage", GOOD + "m " + BOOK + ": l " + missing + OTHERS).status())
                .isEqualTo(204);
        Api.Reply out = checkOutNewBook();
        assertThat(out.status()).as(out.body()).isEqualTo(422);
        assertThat(out.json().path("errors").get(0).path("message").asText())
                .isEqualTo("Loan policy " + missing + " could not be found, please check circulation rules");

        assertThat(putRules("/circulation-rules-storage", GOOD + "m " + BOOK + ": l not-a-uuid" + OTHERS).status())
                .isEqualTo(204);
        out = checkOutNewBook();
        assertThat(out.status()).as(out.body()).isEqualTo(422);
        assertThat(out.json().path("errors").get(0).path("message").asText())
                .isEqualTo("Loan policy not-a-uuid could not be found, please check circulation rules");

        // Text FOLIO's parser refuses is stored too; check-out then says so.
        assertThat(putRules("/circulation-rules-storage", "garbage").status()).isEqualTo(204);
        assertThat(s.get("/circulation/rules").json().path("rulesAsText").asText()).isEqualTo("garbage");
        out = checkOutNewBook();
        assertThat(out.status()).as(out.body()).isEqualTo(422);
        assertThat(out.json().path("errors").get(0).path("message").asText())
                .startsWith("The circulation rules of this tenant are missing or invalid: extraneous input 'garbage'");
        // Quire's own refusal (mod-circulation would fail later, with a 500): its code and the line of the error.
        assertThat(out.json().path("errors").get(0).path("code").asText()).isEqualTo("CIRCULATION_RULES_INVALID");
        assertThat(out.json().path("errors").get(0).path("parameters").get(0).path("key").asText()).isEqualTo("line");

        assertThat(putRules("/circulation/rules", GOOD).status()).isEqualTo(204);
        assertThat(checkOutNewBook().status()).isEqualTo(201);
    }

    @Test
    void aRuleNamingAPolicyThatDoesNotExist_isRefusedAndNotStored() {
        assertThat(putRules("/circulation/rules", GOOD).status()).isEqualTo(204);
        String missing = UUID.randomUUID().toString();
        Api.Reply put = putRules("/circulation/rules", GOOD + "m " + BOOK + ": l " + LOAN
                + " r 334e5a9e-94f9-4673-8d1d-ab552863886b n " + missing
                + " o cd3f6cac-fa17-4079-9fae-2fb28e521412 i ed892c0e-52e0-4cd9-8133-c0ef07b4a709");
        assertThat(put.status()).isEqualTo(422);
        // CirculationRulesResource.validatePolicy: the type letter, line, and the colon's 0-based column.
        assertThat(put.json().path("message").asText()).isEqualTo("The policy n does not exist");
        assertThat(put.json().path("line").asInt()).isEqualTo(3);
        assertThat(put.json().path("column").asInt()).isEqualTo(38);
        assertThat(s.get("/circulation/rules").json().path("rulesAsText").asText()).isEqualTo(GOOD);

        Api.Reply fallback = putRules("/circulation/rules", GOOD.replace("l " + LOAN, "l " + missing));
        assertThat(fallback.status()).isEqualTo(422);
        assertThat(fallback.json().path("message").asText()).isEqualTo("The policy l does not exist");
        assertThat(fallback.json().path("line").asInt()).isEqualTo(2);
        assertThat(fallback.json().path("column").asInt()).isEqualTo(15);
        assertThat(checkOutNewBook().status()).isEqualTo(201);
    }

    @Test
    void syntaxErrorsAre422WithMessageLineAndColumn() {
        Api.Reply r = putRules("/circulation/rules", GOOD + "m " + BOOK + ": l " + LOAN);
        assertThat(r.status()).isEqualTo(422);
        assertThat(r.json().path("message").asText()).isEqualTo("Must contain one of each policy type, missing type r");
        assertThat(r.json().path("line").asInt()).isEqualTo(3);
        assertThat(r.json().path("column").asInt()).isEqualTo(38);

        r = putRules("/circulation/rules", "priority: t, s, c, b, a, m, g fallback-policy: l " + LOAN + OTHERS
                + "\nm " + BOOK + " + x: l " + LOAN + OTHERS);
        assertThat(r.status()).isEqualTo(422);
        assertThat(r.json().path("message").asText()).isEqualTo("no viable alternative at input 'm " + BOOK + " + x'");
        assertThat(r.json().path("line").asInt()).isEqualTo(2);
        assertThat(r.json().path("column").asInt()).isEqualTo(42);
    }

    @Test
    void malformedBodiesAre4xxNeverA500() {
        Api.Reply badJson = s.api().send("PUT", "/circulation/rules", "{\"rulesAsText\": ", s.tenant(), s.token());
        assertThat(badJson.status()).isEqualTo(422);
        assertThat(badJson.json().path("message").asText()).isNotBlank();
        Api.Reply noText = s.put("/circulation/rules", Json.object().put("id", "x"));
        assertThat(noText.status()).isEqualTo(422);
        assertThat(noText.json().path("message").asText()).isEqualTo("rulesAsText is required and must be a string");
        assertThat(s.put("/circulation/rules", Json.object().put("rulesAsText", 7)).status()).isEqualTo(422);
        assertThat(s.api().send("PUT", "/circulation/rules", "[]", s.tenant(), s.token()).status()).isEqualTo(422);

        Api.Reply storageBadJson = s.api().send("PUT", "/circulation-rules-storage", "nope", s.tenant(), s.token());
        assertThat(storageBadJson.status()).isEqualTo(400);
        Api.Reply storageNoText = s.put("/circulation-rules-storage", Json.object());
        assertThat(storageNoText.status()).isEqualTo(422);
        assertThat(storageNoText.json().path("errors").get(0).path("parameters").get(0).path("key").asText())
                .isEqualTo("rulesAsText");
        assertThat(s.put("/circulation-rules-storage", Json.object().put("rulesAsText", "x").put("id", 5)).status())
                .isEqualTo(400);
    }

    @Test
    void storagePermissionsAreMod_circulation_storages() {
        String userId = UUID.randomUUID().toString();
        assertThat(s.post("/users", Json.object().put("id", userId).put("username", "rules-reader").put("active", true))
                .status()).isEqualTo(201);
        assertThat(s.post("/authn/credentials", Json.object().put("userId", userId).put("password", "pw")).status())
                .isEqualTo(201);
        assertThat(s.post("/perms/users", Json.object().put("userId", userId).set("permissions",
                Json.array().add("circulation-storage.circulation-rules.get"))).status()).isEqualTo(201);
        Api.Session reader = TestServer.api().login("circ_rules_api", "rules-reader", "pw");
        assertThat(reader.get("/circulation-rules-storage").status()).isEqualTo(200);
        assertThat(reader.put("/circulation-rules-storage", Json.object().put("rulesAsText", GOOD)).status())
                .isEqualTo(403);
        assertThat(reader.get("/circulation/rules").status()).isEqualTo(403);
    }
}
