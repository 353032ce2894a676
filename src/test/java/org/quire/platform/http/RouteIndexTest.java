package org.quire.platform.http;

import io.helidon.http.Method;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RouteIndexTest {
    private final RouteIndex<String> index = new RouteIndex<>();

    {
        index.add(Method.GET, "/users", "users");
        index.add(Method.GET, "/users/configurations/entry", "config");
        index.add(Method.GET, "/users/{id}", "user");
        index.add(Method.PUT, "/users/{id}", "put user");
        index.add(Method.GET, "/note-links/domain/{domain}/type/{type}/id/{id}", "links");
        index.add(Method.POST, "/inventory/items/{id}/mark-missing", "missing");
    }

    private String route(Method method, String path) {
        RouteIndex.Match<String> m = index.find(method, path);
        return m == null ? null : m.route();
    }

    @Test
    void literalsParametersAndMethods() {
        assertThat(route(Method.GET, "/users")).isEqualTo("users");
        assertThat(route(Method.GET, "/users/abc")).isEqualTo("user");
        assertThat(route(Method.PUT, "/users/abc")).isEqualTo("put user");
        assertThat(route(Method.DELETE, "/users/abc")).isNull();
        assertThat(route(Method.GET, "/users/configurations/entry")).isEqualTo("config");
        assertThat(route(Method.POST, "/inventory/items/i1/mark-missing")).isEqualTo("missing");
        assertThat(route(Method.POST, "/inventory/items/i1/mark-lost")).isNull();
        assertThat(index.find(Method.GET, "/note-links/domain/users/type/user/id/u1").pathParams())
                .isEqualTo(Map.of("domain", "users", "type", "user", "id", "u1"));
    }

    @Test
    void theFirstRegisteredRouteWins() {
        index.add(Method.GET, "/users/configurations", "registered after /users/{id}");
        assertThat(route(Method.GET, "/users/configurations")).isEqualTo("user");
    }

    @Test
    void segmentCountsMustAgree_andAnEmptySegmentMatchesNoParameter() {
        assertThat(route(Method.GET, "/users/a/b")).isNull();
        assertThat(route(Method.GET, "/users//")).isNull();
        assertThat(route(Method.GET, "/users/")).isEqualTo("users");
        assertThat(route(Method.GET, "/")).isNull();
        assertThat(route(Method.GET, "")).isNull();
        assertThat(route(Method.GET, "/nothing/here")).isNull();
    }

    @Test
    void pathsItCannotMatchAreRefusedWhenRegistered() {
        assertThatThrownBy(() -> index.add(Method.GET, "/{tenant}/x", "x")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> index.add(Method.GET, "/a/*", "x")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> index.add(Method.GET, "/a/b{c}", "x")).isInstanceOf(IllegalArgumentException.class);
    }
}
