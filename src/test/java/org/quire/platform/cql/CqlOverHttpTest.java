package org.quire.platform.cql;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.quire.Api;
import org.quire.TestServer;

/** CQL as FOLIO's clients send it, through a real endpoint: cql-java's term joining and boolean grouping. */
class CqlOverHttpTest {
    private final Api.Session diku = TestServer.api().demoAdmin();

    private List<String> feeFineTypes(String cql) {
        Api.Reply r = diku.get("/feefines?limit=100", cql);
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        List<String> types = new ArrayList<>();
        for (JsonNode f : r.json().path("feefines")) types.add(f.path("feeFineType").asText());
        return types;
    }

    @Test
    void unquotedWordsAreOneTerm() {
        // FOLIO's check-in screen and fee/fine settings send this unquoted; cql-java reads one term
        assertThat(feeFineTypes("feeFineType==Lost item processing fee"))
                .containsExactly("Lost item processing fee");
        assertThat(feeFineTypes("feeFineType==Lost item processing fee or feeFineType==Overdue fine"))
                .containsExactlyInAnyOrder("Lost item processing fee", "Overdue fine");
    }

    @Test
    void booleansGroupLeftToRightWithEqualPrecedence() {
        // (a or b) and c: only b matches c. Read as a or (b and c), "Overdue fine" would match too.
        assertThat(
                        feeFineTypes(
                                "feeFineType==Overdue fine or feeFineType==Lost item fee and feeFineType==Lost item*"))
                .containsExactly("Lost item fee");
        // a or (b and c) when the client asks for it with parentheses
        assertThat(
                        feeFineTypes(
                                "feeFineType==Overdue fine or (feeFineType==Lost item fee and feeFineType==Lost*)"))
                .containsExactlyInAnyOrder("Overdue fine", "Lost item fee");
    }

    @Test
    void malformedCqlIsA400NamingTheProblem() {
        Api.Reply r = diku.get("/feefines", "feeFineType==Lost \"item\"");
        assertThat(r.status()).isEqualTo(400);
        assertThat(r.body()).contains("expected a boolean operator");
    }

    @Test
    void unknownModifierIsA400NamingIt() {
        Api.Reply r = diku.get("/feefines", "feeFineType==/foo Overdue fine");
        assertThat(r.status()).isEqualTo(400);
        assertThat(r.body()).contains("unsupported modifier '/foo'");
        // a supported one is still served
        assertThat(feeFineTypes("feeFineType==/string Overdue fine")).containsExactly("Overdue fine");
    }
}
