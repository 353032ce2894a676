package org.quire.platform.http;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.quire.Api;
import org.quire.Fixtures;
import org.quire.TestServer;

import static org.assertj.core.api.Assertions.assertThat;

/** Issue 12, "Bad input": malformed input is a 4xx with a clear message, never a 500, and nothing stored breaks a read. */
class InputHardeningTest {
    static Api.Session s;

    @BeforeAll
    static void setUp() {
        s = Fixtures.tenant("input_hardening");
    }

    static Api.Reply raw(String method, String path, String body) {
        return s.api().send(method, path, body, s.tenant(), s.token());
    }

    static String instance(String title) {
        return "{\"title\":\"" + title + "\",\"source\":\"local\",\"instanceTypeId\":\""
                + Fixtures.TEXT_TYPE + "\"}";
    }

    @Test
    void nulInAJsonString_is400_namingTheField() {
        Api.Reply r = raw("POST", "/instance-storage/instances", instance("a\\u0000b"));
        assertThat(r.status()).isEqualTo(400);
        assertThat(r.body()).contains("NUL character").contains("title");
        // Escaped backslash followed by "u0000" is ordinary text, not a NUL.
        assertThat(raw("POST", "/instance-storage/instances", instance("a\\\\u0000b")).status()).isEqualTo(201);
    }

    @Test
    void nulOnLogin_withoutAToken_is400() {
        Api.Reply r = s.api().send("POST", "/authn/login", "{\"username\":\"a\\u0000\",\"password\":\"x\"}",
                s.tenant(), null);
        assertThat(r.status()).isEqualTo(400);
        assertThat(r.body()).contains("NUL character");
    }

    @Test
    void nulInCql_inAQueryParameter_andInThePath_is400() {
        Api.Reply cql = raw("GET", "/instance-storage/instances?query=title%3D%3Da%00b", null);
        assertThat(cql.status()).isEqualTo(400);
        assertThat(cql.body()).contains("NUL character").contains("'query'");
        Api.Reply param = raw("GET", "/users?query=username%3D%3Dx&lang=e%00n", null);
        assertThat(param.status()).isEqualTo(400);
        assertThat(param.body()).contains("'lang'");
        Api.Reply path = raw("GET", "/instance-storage/instances/ab%00cd", null);
        assertThat(path.status()).isEqualTo(400);
        assertThat(path.body()).contains("NUL character");
    }

    static String nested(int depth) {
        return "{\"a\":".repeat(depth - 1) + "{}" + "}".repeat(depth - 1);
    }

    @Test
    void deeplyNestedBody_is400_andTheDeepestAcceptedRecordReadsBackInAListPage() {
        String deep = instance("deep").replace("{\"title\"", "{\"x\":" + nested(1000) + ",\"title\"");
        Api.Reply r = raw("POST", "/instance-storage/instances", deep);
        assertThat(r.status()).isEqualTo(400);
        assertThat(r.body()).contains("nested deeper than 100 levels");
        // 99 levels under the record's own object: accepted, and a list page wrapping it still renders.
        String ok = instance("nest-ok").replace("{\"title\"", "{\"x\":" + nested(99) + ",\"title\"");
        assertThat(raw("POST", "/instance-storage/instances", ok).status()).isEqualTo(201);
        Api.Reply page = s.get("/instance-storage/instances", "title==\"nest-ok\"");
        assertThat(page.status()).isEqualTo(200);
        assertThat(page.body()).contains("nest-ok");
    }

    @Test
    void serverAnswersAfterwards() {
        assertThat(TestServer.api().send("GET", "/admin/health", null, null, null).status()).isEqualTo(200);
    }
}
