package org.quire.inventory;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.quire.Api;
import org.quire.Fixtures;
import org.quire.Refusals;
import org.quire.TestServer;
import org.quire.platform.Json;

import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quire.Fixtures.CIRC_DESK_1;
import static org.quire.Fixtures.CIRC_DESK_2;

/** mod-inventory-storage's /service-points-users over HTTP: CRUD, CQL, its 422s and bad input. */
class ServicePointsUsersTest {
    static Api.Session admin;

    @BeforeAll
    static void setUp() {
        admin = TestServer.api().demoAdmin();
    }

    private static ObjectNode spu(String userId, String defaultSp, String... ids) {
        ObjectNode o = Json.object().put("userId", userId);
        var arr = o.putArray("servicePointsIds");
        for (String id : ids) arr.add(id);
        if (defaultSp != null) o.put("defaultServicePointId", defaultSp);
        return o;
    }

    @Test
    void createReadQueryUpdateDelete() {
        String userId = UUID.randomUUID().toString();
        Api.Reply created = admin.post("/service-points-users", spu(userId, CIRC_DESK_1, CIRC_DESK_1, CIRC_DESK_2));
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        String id = created.json().path("id").asText();
        assertThat(created.json().path("metadata").path("createdDate").asText()).isNotEmpty();
        assertThat(admin.get("/service-points-users/" + id).json().path("servicePointsIds")).hasSize(2);

        JsonNode byUser = admin.get("/service-points-users", "userId==" + userId).json();
        assertThat(byUser.path("totalRecords").asInt()).isEqualTo(1);
        assertThat(byUser.path("servicePointsUsers").get(0).path("id").asText()).isEqualTo(id);
        // servicePointsIds=<id> finds the records whose list holds it; <> those whose list does not.
        assertThat(admin.get("/service-points-users", "servicePointsIds=" + CIRC_DESK_2 + " and userId==" + userId)
                .json().path("totalRecords").asInt()).isEqualTo(1);
        assertThat(admin.get("/service-points-users", "servicePointsIds<>" + CIRC_DESK_2 + " and userId==" + userId)
                .json().path("totalRecords").asInt()).isZero();
        assertThat(admin.get("/service-points-users", "defaultServicePointId==" + CIRC_DESK_1 + " and userId==" + userId)
                .json().path("totalRecords").asInt()).isEqualTo(1);

        Api.Reply put = admin.put("/service-points-users/" + id, spu(userId, null, CIRC_DESK_2));
        assertThat(put.status()).as(put.body()).isEqualTo(204);
        assertThat(admin.get("/service-points-users", "servicePointsIds==" + CIRC_DESK_1 + " and userId==" + userId)
                .json().path("totalRecords").asInt()).isZero();
        assertThat(admin.get("/service-points-users/" + id).json().has("defaultServicePointId")).isFalse();

        assertThat(admin.delete("/service-points-users/" + id).status()).isEqualTo(204);
        assertThat(admin.get("/service-points-users/" + id).status()).isEqualTo(404);
        assertThat(admin.delete("/service-points-users/" + id).status()).isEqualTo(404);
    }

    @Test
    void oneRecordPerUser_andTheDefaultMustExist_are422() {
        String userId = UUID.randomUUID().toString();
        assertThat(admin.post("/service-points-users", spu(userId, null)).status()).isEqualTo(201);
        Api.Reply dup = admin.post("/service-points-users", spu(userId, null));
        assertThat(dup.status()).isEqualTo(422);
        assertThat(dup.json().path("errors").get(0).path("message").asText()).contains(userId);

        String missing = UUID.randomUUID().toString();
        Api.Reply noSp = admin.post("/service-points-users", spu(UUID.randomUUID().toString(), missing));
        Refusals.assertRefused(noSp, "foreign_key_violation", "Cannot set service_point_user.defaultservicepointid = "
                + missing + " because it does not exist in service_point.id.", "defaultServicePointId", missing);
    }

    @Test
    void badInput_is4xx() {
        assertThat(admin.post("/service-points-users", Json.object()).status()).isEqualTo(422); // no userId
        Api.Reply badUser = admin.post("/service-points-users", Json.object().put("userId", "nope"));
        assertThat(badUser.status()).isEqualTo(422);
        Api.Reply badIds = admin.post("/service-points-users", spu(UUID.randomUUID().toString(), null, "x"));
        assertThat(badIds.status()).isEqualTo(422);
        Api.Reply notArray = admin.post("/service-points-users", Json.object()
                .put("userId", UUID.randomUUID().toString()).put("servicePointsIds", CIRC_DESK_1));
        assertThat(notArray.status()).isEqualTo(422);
        Api.Reply badDefault = admin.post("/service-points-users", spu(UUID.randomUUID().toString(), "12"));
        assertThat(badDefault.status()).isEqualTo(422);
        assertThat(TestServer.api().send("POST", "/service-points-users", "{not json", "diku", admin.token()).status())
                .isEqualTo(400);
        assertThat(admin.get("/service-points-users", "servicePointsIds>" + CIRC_DESK_1).status()).isEqualTo(400);
        assertThat(admin.get("/service-points-users", "userId==(").status()).isEqualTo(400);
        assertThat(admin.get("/service-points-users", "nosuchfield==1").status()).isEqualTo(400);
        assertThat(admin.get("/service-points-users", "servicePointsIds==notauuid").json().path("totalRecords").asInt())
                .isZero();
        assertThat(admin.get("/service-points-users/not-a-uuid").status()).isEqualTo(404);
        assertThat(admin.put("/service-points-users/" + UUID.randomUUID(), spu(UUID.randomUUID().toString(), null))
                .status()).isEqualTo(404);
    }

    @Test
    void permissionsAreMod_inventory_storage_s() {
        Api.Session clerk = Fixtures.tenant("spu_perms");
        String userId = UUID.randomUUID().toString();
        assertThat(clerk.post("/users", Json.object().put("id", userId).put("username", "spclerk").put("active", true))
                .status()).isEqualTo(201);
        assertThat(clerk.post("/authn/credentials", Json.object().put("userId", userId).put("password", "pw"))
                .status()).isEqualTo(201);
        assertThat(clerk.post("/perms/users", Json.object().put("userId", userId).set("permissions",
                Json.array().add("inventory-storage.service-points-users.collection.get"))).status()).isEqualTo(201);
        Api.Session limited = TestServer.api().login("spu_perms", "spclerk", "pw");
        assertThat(limited.get("/service-points-users").status()).isEqualTo(200);
        Api.Reply denied = limited.post("/service-points-users", spu(userId, null));
        assertThat(denied.status()).isEqualTo(403);
        assertThat(denied.body()).contains("inventory-storage.service-points-users.item.post");
    }
}
