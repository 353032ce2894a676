package org.quire.users;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.quire.Api;
import org.quire.TestServer;
import org.quire.platform.Json;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The reference endpoints FOLIO's Users app reads and writes besides users: mod-users' /departments,
 * mod-circulation-storage's request preferences and mod-tags' /tags, with their FOLIO refusals and bad input.
 */
class UsersAppEndpointsTest {
    static Api.Session admin;

    @BeforeAll
    static void setUp() {
        admin = TestServer.api().demoAdmin();
    }

    private static String unique(String prefix) {
        return prefix + UUID.randomUUID().toString().substring(0, 8);
    }

    private static Api.Reply raw(String method, String path, String body) {
        return TestServer.api().send(method, path, body, admin.tenant(), admin.token());
    }

    private static ObjectNode user(String departmentId) {
        ObjectNode u = Json.object().put("id", UUID.randomUUID().toString()).put("username", unique("dep"))
                .put("active", true);
        if (departmentId != null) u.putArray("departments").add(departmentId);
        return u;
    }

    // ---- departments ---------------------------------------------------------------------------------------------

    @Test
    void departments_crudWithUsageNumber_andQuery() {
        String name = unique("Accounting ");
        String code = unique("ACC");
        Api.Reply created = admin.post("/departments", Json.object().put("name", name).put("code", code));
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        String id = created.json().path("id").asText();
        assertThat(created.header("Location")).contains("/departments/" + id);
        assertThat(created.json().path("metadata").path("createdDate").asText()).isNotEmpty();

        assertThat(admin.get("/departments/" + id).json().path("usageNumber").asInt()).isZero();
        Api.Reply assigned = admin.post("/users", user(id));
        assertThat(assigned.status()).as(assigned.body()).isEqualTo(201);
        assertThat(admin.get("/departments/" + id).json().path("usageNumber").asInt()).isEqualTo(1);
        JsonNode page = admin.get("/departments?limit=1000", "code==\"" + code + "\"").json();
        assertThat(page.path("totalRecords").asInt()).isEqualTo(1);
        assertThat(page.path("departments").get(0).path("usageNumber").asInt()).isEqualTo(1);
        assertThat(admin.get("/departments?limit=1000", "cql.allRecords=1 sortby name").status()).isEqualTo(200);
        assertThat(admin.get("/departments", "name=\"" + name.toUpperCase() + "\"").json().path("totalRecords")
                .asInt()).isEqualTo(1);

        // usageNumber is computed, never stored from the client.
        Api.Reply put = admin.put("/departments/" + id, Json.object().put("name", name + " new").put("code", code)
                .put("usageNumber", 99));
        assertThat(put.status()).as(put.body()).isEqualTo(204);
        JsonNode after = admin.get("/departments/" + id).json();
        assertThat(after.path("name").asText()).isEqualTo(name + " new");
        assertThat(after.path("usageNumber").asInt()).isEqualTo(1);

        // Deleting a department users name is refused with RMB's 400; once unused it goes.
        Api.Reply refused = admin.delete("/departments/" + id);
        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.body()).isEqualTo("Cannot delete departments.id = " + id
                + " because id is still referenced from table users.");
        String userId = assigned.json().path("id").asText();
        ObjectNode u = (ObjectNode) admin.get("/users/" + userId).json();
        u.putArray("departments");
        assertThat(admin.put("/users/" + userId, u).status()).isEqualTo(204);
        assertThat(admin.delete("/departments/" + id).status()).isEqualTo(204);
        Api.Reply gone = admin.get("/departments/" + id);
        assertThat(gone.status()).isEqualTo(404);
        assertThat(gone.body()).isEqualTo("Not found");
    }

    @Test
    void departments_duplicates_areModUsers422s() {
        String name = unique("Dup ");
        String code = unique("D");
        String id = admin.post("/departments", Json.object().put("name", name).put("code", code)).json()
                .path("id").asText();
        Api.Reply sameName = admin.post("/departments", Json.object().put("name", name.toLowerCase())
                .put("code", unique("X")));
        assertThat(sameName.status()).isEqualTo(422);
        JsonNode e = sameName.json().path("errors").get(0);
        assertThat(e.path("message").asText()).isEqualTo("Department with this name already exists");
        assertThat(e.path("parameters").get(0).path("key").asText()).isEqualTo("name");
        Api.Reply sameCode = admin.post("/departments", Json.object().put("name", unique("Other ")).put("code", code));
        assertThat(sameCode.json().path("errors").get(0).path("message").asText())
                .isEqualTo("Department with this code already exists");
        Api.Reply sameId = admin.post("/departments", Json.object().put("id", id).put("name", unique("N"))
                .put("code", unique("C")));
        assertThat(sameId.json().path("errors").get(0).path("message").asText())
                .isEqualTo("Department with this id already exists");
        String other = admin.post("/departments", Json.object().put("name", unique("Two ")).put("code", unique("T")))
                .json().path("id").asText();
        Api.Reply putDup = admin.put("/departments/" + other, Json.object().put("name", name).put("code", unique("T")));
        assertThat(putDup.status()).isEqualTo(422);
        assertThat(putDup.json().path("errors").get(0).path("message").asText())
                .isEqualTo("Department with this name already exists");
    }

    @Test
    void departments_badInput_is4xx() {
        Api.Reply empty = admin.post("/departments", Json.object());
        assertThat(empty.status()).isEqualTo(422);
        assertThat(empty.json().path("errors")).hasSize(2);
        assertThat(empty.json().path("errors").get(0).path("parameters").get(0).path("value").asText()).isEqualTo("null");
        assertThat(raw("POST", "/departments", "{\"name\":").status()).isEqualTo(400);
        Api.Reply badId = admin.get("/departments/not-a-uuid");
        assertThat(badId.status()).isEqualTo(400);
        assertThat(badId.body()).contains("'departmentId' parameter is incorrect");
        assertThat(admin.put("/departments/nope", Json.object().put("name", "a").put("code", "b")).status())
                .isEqualTo(400);
        assertThat(admin.delete("/departments/nope").status()).isEqualTo(400);
        Api.Reply unknown = admin.put("/departments/" + UUID.randomUUID(), Json.object().put("name", unique("u"))
                .put("code", unique("u")));
        assertThat(unknown.status()).isEqualTo(404);
        assertThat(admin.delete("/departments/" + UUID.randomUUID()).status()).isEqualTo(404);
        assertThat(admin.get("/departments", "name==(").status()).isEqualTo(400);
        assertThat(admin.get("/departments", "nosuchindex==1").status()).isEqualTo(400);
        assertThat(admin.post("/departments", Json.object().put("code", unique("c")).set("name", Json.object())).status()).isEqualTo(400);
        // A user may only name departments that exist (mod-users' process_department_assign trigger).
        String missing = UUID.randomUUID().toString();
        Api.Reply badUser = admin.post("/users", user(missing));
        assertThat(badUser.status()).isEqualTo(400);
        assertThat(badUser.body()).contains("Key (departments)=(" + missing + ") is not present");
        assertThat(admin.post("/users", user("not-a-uuid")).status()).isEqualTo(400);
    }

    // ---- request preferences ------------------------------------------------------------------------------------

    private static ObjectNode preference(String userId) {
        return Json.object().put("userId", userId).put("holdShelf", true).put("delivery", true)
                .put("defaultServicePointId", "3a40852d-49fd-4df2-a1f9-6e2641a6e91f").put("fulfillment", "Delivery");
    }

    @Test
    void requestPreferences_crud_onePerUser() {
        String userId = UUID.randomUUID().toString();
        Api.Reply created = admin.post("/request-preference-storage/request-preference", preference(userId));
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        String id = created.json().path("id").asText();
        JsonNode found = admin.get("/request-preference-storage/request-preference", "userId==" + userId).json();
        assertThat(found.path("totalRecords").asInt()).isEqualTo(1);
        assertThat(found.path("requestPreferences").get(0).path("fulfillment").asText()).isEqualTo("Delivery");

        Api.Reply second = admin.post("/request-preference-storage/request-preference", preference(userId));
        assertThat(second.status()).isEqualTo(422);
        assertThat(second.json().path("errors").get(0).path("message").asText())
                .isEqualTo("Request preference for specified user already exists");

        ObjectNode changed = preference(userId).put("delivery", false).put("fulfillment", "Hold Shelf");
        assertThat(admin.put("/request-preference-storage/request-preference/" + id, changed).status()).isEqualTo(204);
        assertThat(admin.get("/request-preference-storage/request-preference/" + id).json().path("delivery")
                .asBoolean()).isFalse();

        String otherUser = UUID.randomUUID().toString();
        String otherId = admin.post("/request-preference-storage/request-preference", preference(otherUser)).json()
                .path("id").asText();
        Api.Reply moved = admin.put("/request-preference-storage/request-preference/" + otherId, preference(userId));
        assertThat(moved.status()).isEqualTo(422);
        assertThat(moved.body()).contains("Request preference for specified user already exists");

        assertThat(admin.delete("/request-preference-storage/request-preference/" + id).status()).isEqualTo(204);
        assertThat(admin.get("/request-preference-storage/request-preference/" + id).status()).isEqualTo(404);
        assertThat(admin.delete("/request-preference-storage/request-preference/" + id).status()).isEqualTo(404);
    }

    @Test
    void requestPreferences_badInput_is4xx() {
        String path = "/request-preference-storage/request-preference";
        Api.Reply none = admin.post(path, Json.object());
        assertThat(none.status()).isEqualTo(422);
        assertThat(none.json().path("errors")).hasSize(3); // userId, holdShelf, delivery
        Api.Reply badUser = admin.post(path, preference("invalid_id"));
        assertThat(badUser.status()).isEqualTo(422);
        assertThat(badUser.json().path("errors").get(0).path("code").asText())
                .isEqualTo("javax.validation.constraints.Pattern.message");
        assertThat(admin.post(path, preference(UUID.randomUUID().toString()).put("id", "invalid_id")).status())
                .isEqualTo(422);
        assertThat(admin.post(path, preference(UUID.randomUUID().toString()).put("defaultServicePointId", "x"))
                .status()).isEqualTo(422);
        Api.Reply badEnum = admin.post(path, preference(UUID.randomUUID().toString()).put("fulfillment", "Pickup"));
        assertThat(badEnum.status()).isEqualTo(400);
        assertThat(badEnum.body()).contains("Pickup");
        assertThat(admin.post(path, preference(UUID.randomUUID().toString()).put("holdShelf", "maybe")).status())
                .isEqualTo(400);
        assertThat(raw("POST", path, "{oops").status()).isEqualTo(400);
        assertThat(admin.get(path, "userId==(").status()).isEqualTo(400);
        assertThat(admin.put(path + "/" + UUID.randomUUID(), preference(UUID.randomUUID().toString())).status())
                .isEqualTo(404);
    }

    // ---- tags ---------------------------------------------------------------------------------------------------

    @Test
    void tags_crud_modTagsShapes() {
        // mod-tags creates "important" and "urgent" in every tenant.
        JsonNode all = admin.get("/tags?limit=10000", "cql.allRecords=1 sortby label").json();
        List<String> labels = new ArrayList<>();
        all.path("tags").forEach(t -> labels.add(t.path("label").asText()));
        assertThat(labels).contains("important", "urgent");

        String label = unique("tag-");
        Api.Reply created = admin.post("/tags", Json.object().put("label", label).put("description", "first"));
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        String id = created.json().path("id").asText();
        assertThat(created.header("Location").orElseThrow()).isEqualTo("/tags/" + id);
        assertThat(admin.get("/tags", "label=" + label).json().path("totalRecords").asInt()).isEqualTo(1);

        Api.Reply dup = admin.post("/tags", Json.object().put("label", label));
        assertThat(dup.status()).isEqualTo(422);
        JsonNode e = dup.json().path("errors").get(0);
        assertThat(e.path("message").asText()).isEqualTo("Key (label)=(" + label + ") already exists.");
        assertThat(e.path("type").asText()).isEqualTo("-1");
        assertThat(e.path("code").asText()).isEqualTo("VALIDATION_ERROR");

        assertThat(admin.put("/tags/" + id, Json.object().put("label", label + "x").put("description", "second"))
                .status()).isEqualTo(204);
        JsonNode after = admin.get("/tags/" + id).json();
        assertThat(after.path("label").asText()).isEqualTo(label + "x");
        assertThat(after.path("description").asText()).isEqualTo("second");

        assertThat(admin.delete("/tags/" + id).status()).isEqualTo(204);
        Api.Reply gone = admin.get("/tags/" + id);
        assertThat(gone.status()).isEqualTo(404);
        assertThat(gone.json().path("errors").get(0).path("message").asText())
                .isEqualTo("Tag with id [" + id + "] was not found");
        assertThat(gone.json().path("errors").get(0).path("code").asText()).isEqualTo("NOT_FOUND_ERROR");
        // An empty page has no "tags" at all, as mod-tags answers it.
        JsonNode none = admin.get("/tags", "label==" + unique("none")).json();
        assertThat(none.has("tags")).isFalse();
        assertThat(none.path("totalRecords").asInt()).isZero();
    }

    @Test
    void tags_badInput_is422() {
        for (Api.Reply r : List.of(
                admin.post("/tags", Json.object()),
                admin.post("/tags", Json.object().put("label", "x".repeat(256))),
                raw("POST", "/tags", "{not json"),
                admin.get("/tags/not-a-uuid"),
                admin.put("/tags/not-a-uuid", Json.object().put("label", "a")),
                admin.get("/tags", "label==("),
                admin.get("/tags?limit=0"),
                admin.get("/tags?offset=-1"),
                admin.get("/tags?limit=abc"),
                admin.post("/tags", Json.object().put("id", "bad").put("label", unique("l"))))) {
            assertThat(r.status()).as(r.body()).isEqualTo(422);
            assertThat(r.json().path("errors").get(0).path("code").asText()).isEqualTo("VALIDATION_ERROR");
        }
        assertThat(admin.get("/tags?limit=0").json().path("errors").get(0).path("message").asText())
                .isEqualTo("getTagCollection.limit: must be greater than or equal to 1");
        assertThat(admin.put("/tags/" + UUID.randomUUID(), Json.object().put("label", unique("l"))).status())
                .isEqualTo(404);
        assertThat(admin.delete("/tags/" + UUID.randomUUID()).status()).isEqualTo(404);
    }
}
