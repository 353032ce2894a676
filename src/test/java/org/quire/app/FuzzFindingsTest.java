package org.quire.app;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.quire.Api;
import org.quire.Fixtures;

import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** The 5xx FuzzTest found, each pinned as the 4xx it now is. */
class FuzzFindingsTest {
    static Api.Session s;

    @BeforeAll
    static void setUp() {
        s = Fixtures.referenceOnlyTenant("fuzz_findings");
    }

    static String loan(String itemId) {
        return "{\"userId\":\"" + UUID.randomUUID() + "\"," + (itemId == null ? "" : "\"itemId\":" + itemId + ",")
                + "\"action\":\"checkedout\",\"status\":{\"name\":\"Open\"},\"loanDate\":\"2024-01-01T10:00:00Z\"}";
    }

    @Test
    void anObjectWhereAUuidBelongs_is400_namingTheProperty() {
        Api.Reply r = s.api().send("POST", "/loan-storage/loans", loan("{}"), s.tenant(), s.token());
        assertThat(r.status()).as(r.body()).isEqualTo(400);
        assertThat(r.body()).isEqualTo("Json content error: itemId must be a string, not an object");
        Api.Reply array = s.api().send("POST", "/loan-storage/loans", loan("[\"" + UUID.randomUUID() + "\"]"),
                s.tenant(), s.token());
        assertThat(array.status()).isEqualTo(400);
        assertThat(array.body()).contains("itemId must be a string, not an array");
    }

    @Test
    void aRequiredColumnLeftOut_is422MustNotBeNull_namingTheProperty() {
        Api.Reply r = s.api().send("POST", "/loan-storage/loans", loan(null), s.tenant(), s.token());
        assertThat(r.status()).as(r.body()).isEqualTo(422);
        assertThat(r.json().path("errors").get(0).path("message").asText()).isEqualTo("must not be null");
        assertThat(r.json().path("errors").get(0).path("parameters").get(0).path("key").asText()).isEqualTo("itemId");
    }

    @Test
    void aNumberThatIsNoNumber_orTooLarge_is400() {
        for (String value : new String[]{"\"abc\"", "{}", "1e999999"}) {
            Api.Reply r = s.api().send("POST", "/patron-block-limits", "{\"patronGroupId\":\"" + Fixtures.STAFF
                    + "\",\"conditionId\":\"3d7c52dc-c732-4223-8bf8-e5917801386f\",\"value\":" + value + "}",
                    s.tenant(), s.token());
            assertThat(r.status()).as(value + " → " + r.body()).isBetween(400, 422);
            assertThat(r.body()).as(value).contains("value");
        }
    }
}
