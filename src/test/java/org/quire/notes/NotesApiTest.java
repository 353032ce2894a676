package org.quire.notes;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.quire.Api;
import org.quire.Fixtures;
import org.quire.TestServer;
import org.quire.platform.Json;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** mod-notes' API over HTTP: note types, notes, note links, and their refusals in mod-notes' error shape. */
class NotesApiTest {
    static Api.Session s;
    static final String GENERAL = NoteTables.GENERAL_NOTE_TYPE_ID;

    @BeforeAll
    static void setUp() {
        s = Fixtures.tenant("notes_api");
    }

    static ObjectNode note(String title, String domain, String linkType, String linkId) {
        ObjectNode n = Json.object().put("title", title).put("domain", domain).put("typeId", GENERAL)
                .put("content", "<p>" + title + " details</p>");
        if (linkId != null) n.putArray("links").addObject().put("id", linkId).put("type", linkType);
        return n;
    }

    static String create(ObjectNode note) {
        Api.Reply r = s.post("/notes", note);
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return r.json().path("id").asText();
    }

    static String newType(String name) {
        Api.Reply r = s.post("/note-types", Json.object().put("name", name));
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return r.json().path("id").asText();
    }

    static List<String> titles(Api.Reply r) {
        List<String> out = new ArrayList<>();
        r.json().path("notes").forEach(n -> out.add(n.path("title").asText()));
        return out;
    }

    /** Asserts mod-notes' refusal shape: {"errors":[{"message","type":"-1","code"}]}; returns the message. */
    static String refused(Api.Reply r, int status, String code) {
        assertThat(r.status()).as(r.body()).isEqualTo(status);
        JsonNode e = r.json().path("errors").path(0);
        assertThat(e.path("type").asText()).isEqualTo("-1");
        assertThat(e.path("code").asText()).isEqualTo(code);
        return e.path("message").asText();
    }

    @Test
    void checkOutScreenCall_answersThePatronsAssignedNotesWithTotalRecords() {
        String patron = Fixtures.patron(s, "nt-" + UUID.randomUUID().toString().substring(0, 8), Fixtures.UNDERGRAD, true)
                .path("id").asText();
        ObjectNode popUp = note("Owes a book from 2019", "users", "user", patron).put("popUpOnCheckOut", true);
        create(popUp);
        create(note("Prefers e-mail", "users", "user", patron));
        create(note("Someone else's", "users", "user", UUID.randomUUID().toString()));

        // ui-checkout's exact call, which Quire answered 404 before
        Api.Reply r = s.get("/note-links/domain/users/type/user/id/" + patron + "?limit=10000&order=desc&status=assigned");
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        assertThat(r.json().path("totalRecords").asInt()).isEqualTo(2);
        assertThat(titles(r)).containsExactlyInAnyOrder("Owes a book from 2019", "Prefers e-mail");
        JsonNode popUpNote = r.json().path("notes").findParents("title").stream()
                .filter(n -> n.path("title").asText().startsWith("Owes")).findFirst().orElseThrow();
        assertThat(popUpNote.path("popUpOnCheckOut").asBoolean()).isTrue();
        assertThat(popUpNote.path("popUpOnUser").isBoolean()).isTrue();
        assertThat(popUpNote.path("type").asText()).isEqualTo("General note");
        assertThat(popUpNote.path("typeId").asText()).isEqualTo(GENERAL);
        assertThat(popUpNote.path("links").path(0).path("id").asText()).isEqualTo(patron);
        assertThat(popUpNote.path("metadata").path("createdByUsername").asText()).isEqualTo("notes_api_admin");

        // One statement, the page and its total together, whatever the number of notes
        long statements = org.quire.StatementCount.of("notes_api", () -> assertThat(s.get(
                "/note-links/domain/users/type/user/id/" + patron + "?limit=10000&order=desc&status=assigned")
                .status()).isEqualTo(200));
        assertThat(statements).isEqualTo(1);

        Api.Reply none = s.get("/note-links/domain/users/type/user/id/" + UUID.randomUUID()
                + "?limit=10000&order=desc&status=assigned");
        assertThat(none.status()).isEqualTo(200);
        assertThat(none.json().path("totalRecords").asInt()).isZero();
        assertThat(none.json().path("notes").size()).isZero();
    }

    @Test
    void defaultNoteType_isGeneralNote_withUsage() {
        Api.Reply r = s.get("/note-types", "name==\"General note\"");
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        assertThat(r.json().path("totalRecords").asInt()).isEqualTo(1);
        JsonNode general = r.json().path("noteTypes").path(0);
        assertThat(general.path("id").asText()).isEqualTo(GENERAL);

        String type = newType("Usage " + UUID.randomUUID());
        JsonNode unused = s.get("/note-types/" + type).json();
        assertThat(unused.path("usage").path("isAssigned").asBoolean()).isFalse();
        assertThat(unused.path("usage").path("noteTotal").asInt()).isZero();
        create(note("Typed", "users", "user", UUID.randomUUID().toString()).put("typeId", type));
        create(note("Typed 2", "users", "user", UUID.randomUUID().toString()).put("typeId", type));
        JsonNode used = s.get("/note-types/" + type).json();
        assertThat(used.path("usage").path("isAssigned").asBoolean()).isTrue();
        assertThat(used.path("usage").path("noteTotal").asInt()).isEqualTo(2);
        JsonNode listed = s.get("/note-types", "id==" + type).json().path("noteTypes").path(0);
        assertThat(listed.path("usage").path("noteTotal").asInt()).isEqualTo(2);
    }

    @Test
    void noteTypes_crud_uniqueName_andInUseTypeIsNotDeleted() {
        String name = "Circ " + UUID.randomUUID();
        Api.Reply created = s.post("/note-types", Json.object().put("name", name));
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        String id = created.json().path("id").asText();
        assertThat(created.header("Location")).contains("/note-types/" + id);
        assertThat(created.json().path("metadata").path("createdDate").isTextual()).isTrue();
        assertThat(created.json().path("metadata").path("createdByUserId").isTextual()).isTrue();

        assertThat(s.put("/note-types/" + id, Json.object().put("name", name + " renamed")).status()).isEqualTo(204);
        assertThat(s.get("/note-types/" + id).json().path("name").asText()).isEqualTo(name + " renamed");

        String dup = refused(s.post("/note-types", Json.object().put("name", name + " renamed")), 422, "VALIDATION_ERROR");
        assertThat(dup).isEqualTo("Key (name)=(" + name + " renamed) already exists.");
        String other = newType("Other " + UUID.randomUUID());
        assertThat(refused(s.put("/note-types/" + other, Json.object().put("name", name + " renamed")), 422,
                "VALIDATION_ERROR")).contains("already exists");

        String noteId = create(note("Uses it", "users", "user", UUID.randomUUID().toString()).put("typeId", id));
        assertThat(refused(s.delete("/note-types/" + id), 422, "VALIDATION_ERROR"))
                .isEqualTo("Key (id)=(" + id + ") is still referenced from table \"note\".");
        assertThat(s.get("/notes/" + noteId).status()).isEqualTo(200);
        assertThat(s.delete("/notes/" + noteId).status()).isEqualTo(204);
        assertThat(s.delete("/note-types/" + id).status()).isEqualTo(204);
        assertThat(refused(s.get("/note-types/" + id), 404, "NOT_FOUND_ERROR"))
                .isEqualTo("Note type with ID [" + id + "] was not found");
        assertThat(refused(s.delete("/note-types/" + id), 404, "NOT_FOUND_ERROR")).contains("was not found");
        assertThat(refused(s.put("/note-types/" + id, Json.object().put("name", "x")), 404, "NOT_FOUND_ERROR"))
                .contains("was not found");
    }

    @Test
    void noteTypes_limit_refusesTheTypeAboveIt() {
        int existing = s.get("/note-types").json().path("totalRecords").asInt();
        // FOLIO's API test sets the limit through mod-configuration; mod-notes' own default is 25
        Api.Reply config = s.post("/configurations/entries", Json.object().put("module", "NOTES")
                .put("configName", "note-type-limit").put("code", "note.types.number.limit").put("value", existing));
        assertThat(config.status()).as(config.body()).isEqualTo(201);
        try {
            Api.Reply r = s.post("/note-types", Json.object().put("name", "above the limit"));
            assertThat(refused(r, 422, "NOTE_TYPES_LIMIT_REACHED")).isEqualTo("Maximum number of note types allowed is "
                    + existing);
            JsonNode param = r.json().path("errors").path(0).path("parameters").path(0);
            assertThat(param.path("key").asText()).isEqualTo("limit");
            assertThat(param.path("value").asText()).isEqualTo(String.valueOf(existing));
        } finally {
            assertThat(s.delete("/configurations/entries/" + config.json().path("id").asText()).status()).isEqualTo(204);
        }
        assertThat(s.post("/note-types", Json.object().put("name", "after config deleted " + UUID.randomUUID()))
                .status()).isEqualTo(201);
    }

    @Test
    void noteTypes_malformedInput_is422() {
        assertThat(refused(s.post("/note-types", Json.object()), 422, "VALIDATION_ERROR")).isEqualTo("name: must not be null");
        assertThat(refused(s.post("/note-types", Json.object().put("name", "  ")), 422, "VALIDATION_ERROR"))
                .isEqualTo("name: must not be blank");
        assertThat(refused(s.post("/note-types", Json.object().put("name", "n".repeat(256))), 422, "VALIDATION_ERROR"))
                .isEqualTo("name: size must be between 0 and 255");
        assertThat(refused(s.post("/note-types", Json.object().put("name", "x").put("id", "not-a-uuid")), 422,
                "VALIDATION_ERROR")).contains("Invalid UUID string");
        assertThat(refused(raw("POST", "/note-types", "{\"name\" : \"Bad Json}"), 422, "VALIDATION_ERROR"))
                .startsWith("JSON parse error");
        assertThat(refused(raw("POST", "/note-types", ""), 422, "VALIDATION_ERROR"))
                .isEqualTo("Required request body is missing");
        assertThat(refused(s.put("/note-types/12345", Json.object().put("name", "x")), 422, "VALIDATION_ERROR"))
                .startsWith("Failed to convert value of type 'java.lang.String' to required type 'java.util.UUID'");
        assertThat(refused(s.delete("/note-types/12345"), 422, "VALIDATION_ERROR"))
                .startsWith("Failed to convert value of type 'java.lang.String' to required type 'java.util.UUID'");
        assertThat(refused(s.get("/note-types?limit=-1"), 422, "VALIDATION_ERROR"))
                .isEqualTo("getNoteTypeCollection.limit: must be greater than or equal to 1");
        assertThat(refused(s.get("/note-types?offset=-1"), 422, "VALIDATION_ERROR"))
                .isEqualTo("getNoteTypeCollection.offset: must be greater than or equal to 0");
        assertThat(refused(s.get("/note-types?limit=2147483648"), 422, "VALIDATION_ERROR"))
                .contains("required type 'java.lang.Integer'");
        assertThat(refused(s.get("/note-types", "!invalid-cql!"), 422, "VALIDATION_ERROR")).isNotBlank();
        assertThat(s.get("/note-types?query=").status()).isEqualTo(200);
        HttpResponse<String> xml = xmlPost("/note-types", "<name>x</name>");
        assertThat(xml.statusCode()).isEqualTo(415);
        assertThat(Json.parse(xml.body()).path("error").asText()).contains("Unsupported Media Type");
    }

    @Test
    void notes_crud_withLinksTypeNameAndSanitizedContent() {
        String user = UUID.randomUUID().toString();
        ObjectNode n = note("Lost card", "users", "user", user).put("popUpOnUser", true)
                .put("content", "<p onclick=\"x()\">Card <strong>lost</strong><script>alert(1)</script>"
                        + " <a href=\"javascript:alert(1)\">x</a></p>")
                .put("type", "ignored: derived from typeId").put("unknownProperty", 1);
        Api.Reply created = s.post("/notes", n);
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        String id = created.json().path("id").asText();
        assertThat(created.header("Location")).contains("/notes/" + id);
        JsonNode got = s.get("/notes/" + id).json();
        assertThat(got.path("title").asText()).isEqualTo("Lost card");
        assertThat(got.path("type").asText()).isEqualTo("General note");
        assertThat(got.path("domain").asText()).isEqualTo("users");
        assertThat(got.path("popUpOnUser").asBoolean()).isTrue();
        assertThat(got.path("popUpOnCheckOut").asBoolean()).isFalse();
        assertThat(got.path("content").asText()).isEqualTo("<p>Card <strong>lost</strong> <a>x</a></p>");
        assertThat(got.has("unknownProperty")).isFalse();
        assertThat(got.path("links").size()).isEqualTo(1);
        assertThat(got.path("metadata").path("createdByUserId").isTextual()).isTrue();
        JsonNode admin = s.get("/users", "username==notes_api_admin").json().path("users").path(0);
        assertThat(got.path("metadata").path("createdBy").path("lastName").asText())
                .isEqualTo(admin.path("personal").path("lastName").asText()).isNotEmpty();
        assertThat(got.path("metadata").path("updatedByUsername").asText()).isEqualTo("notes_api_admin");

        // a client-chosen id is kept; the same id twice is refused
        String chosen = UUID.randomUUID().toString();
        assertThat(create(note("Chosen id", "users", "user", user).put("id", chosen))).isEqualTo(chosen);
        assertThat(refused(s.post("/notes", note("Again", "users", "user", user).put("id", chosen)), 422,
                "VALIDATION_ERROR")).contains("already exists");

        ObjectNode edit = note("Card found", "users", "user", user);
        ((com.fasterxml.jackson.databind.node.ArrayNode) edit.get("links")).addObject().put("id", "583-2356521").put("type", "package");
        assertThat(s.put("/notes/" + id, edit).status()).isEqualTo(204);
        JsonNode edited = s.get("/notes/" + id).json();
        assertThat(edited.path("title").asText()).isEqualTo("Card found");
        assertThat(edited.path("links").size()).isEqualTo(2);
        assertThat(edited.path("metadata").path("createdDate").asText())
                .isEqualTo(got.path("metadata").path("createdDate").asText());
        Api.Reply byPackage = s.get("/note-links/domain/users/type/package/id/583-2356521?status=assigned");
        assertThat(titles(byPackage)).containsExactly("Card found");

        Api.Reply byTitle = s.get("/notes", "title=\"Card found\" and domain==users");
        assertThat(byTitle.status()).as(byTitle.body()).isEqualTo(200);
        assertThat(titles(byTitle)).containsExactly("Card found");
        assertThat(byTitle.json().path("notes").path(0).path("type").asText()).isEqualTo("General note");
        // PUT replaces the note: the pop-up flag it did not send is false again
        assertThat(s.get("/notes", "id==" + id + " and popUpOnUser==true").json().path("totalRecords").asInt()).isZero();
        assertThat(s.get("/notes", "id==" + id + " and popUpOnUser==false").json().path("totalRecords").asInt()).isEqualTo(1);

        // mod-notes deletes a note PUT without links
        assertThat(s.put("/notes/" + id, note("No links", "users", null, null)).status()).isEqualTo(204);
        assertThat(refused(s.get("/notes/" + id), 404, "NOT_FOUND_ERROR")).isEqualTo("Note with ID [" + id + "] was not found");
        assertThat(s.get("/note-links/domain/users/type/package/id/583-2356521?status=assigned").json()
                .path("totalRecords").asInt()).isZero();

        assertThat(s.delete("/notes/" + chosen).status()).isEqualTo(204);
        assertThat(refused(s.delete("/notes/" + chosen), 404, "NOT_FOUND_ERROR")).contains("was not found");
        assertThat(refused(s.put("/notes/" + chosen, note("x", "users", "user", user)), 404, "NOT_FOUND_ERROR"))
                .contains("was not found");
    }

    @Test
    void notes_malformedInput_is422_never500() {
        String user = UUID.randomUUID().toString();
        ObjectNode noTitle = note("x", "users", "user", user);
        noTitle.remove("title");
        Api.Reply r = s.post("/notes", noTitle);
        assertThat(refused(r, 422, "VALIDATION_ERROR")).isEqualTo("title: must not be null");
        assertThat(r.json().path("errors").path(0).path("parameters").path(0).path("key").asText()).isEqualTo("title");
        assertThat(refused(s.post("/notes", note("", "users", "user", user)), 422, "VALIDATION_ERROR"))
                .isEqualTo("title: must not be blank");
        assertThat(refused(s.post("/notes", note("t".repeat(256), "users", "user", user)), 422, "VALIDATION_ERROR"))
                .isEqualTo("title: size must be between 0 and 255");
        assertThat(s.post("/notes", note("t".repeat(255), "users", "user", user)).status()).isEqualTo(201);
        assertThat(refused(s.post("/notes", note("x", "d".repeat(101), "user", user)), 422, "VALIDATION_ERROR"))
                .isEqualTo("domain: size must be between 0 and 100");
        ObjectNode noDomain = note("x", "users", "user", user);
        noDomain.remove("domain");
        assertThat(refused(s.post("/notes", noDomain), 422, "VALIDATION_ERROR")).isEqualTo("domain: must not be null");
        ObjectNode noType = note("x", "users", "user", user);
        noType.remove("typeId");
        assertThat(refused(s.post("/notes", noType), 422, "VALIDATION_ERROR")).isEqualTo("typeId: must not be null");
        assertThat(refused(s.post("/notes", note("x", "users", "user", user).put("typeId", "invalid_id")), 422,
                "VALIDATION_ERROR")).isEqualTo("typeId: Invalid UUID string: invalid_id");
        String unknownType = UUID.randomUUID().toString();
        assertThat(refused(s.post("/notes", note("x", "users", "user", user).put("typeId", unknownType)), 422,
                "VALIDATION_ERROR")).isEqualTo("Key (type_id)=(" + unknownType + ") is not present in table \"type\".");
        ObjectNode badLinks = note("x", "users", "user", user);
        badLinks.put("links", "user");
        assertThat(refused(s.post("/notes", badLinks), 422, "VALIDATION_ERROR")).contains("'links' must be an array");
        ObjectNode linkWithoutType = note("x", "users", null, null);
        linkWithoutType.putArray("links").addObject().put("id", user);
        assertThat(refused(s.post("/notes", linkWithoutType), 422, "VALIDATION_ERROR")).isEqualTo("links.type: must not be null");
        ObjectNode objectTitle = note("x", "users", "user", user);
        objectTitle.putObject("title");
        assertThat(refused(s.post("/notes", objectTitle), 422, "VALIDATION_ERROR")).contains("'title' must be a string");
        assertThat(refused(s.post("/notes", note("x", "users", "user", user).put("popUpOnCheckOut", "yes")), 422,
                "VALIDATION_ERROR")).contains("'popUpOnCheckOut' must be a boolean");
        assertThat(refused(raw("POST", "/notes", "{\"title\": "), 422, "VALIDATION_ERROR")).startsWith("JSON parse error");
        assertThat(refused(raw("POST", "/notes", "[]"), 422, "VALIDATION_ERROR")).startsWith("JSON parse error");
        assertThat(refused(raw("POST", "/notes", ""), 422, "VALIDATION_ERROR")).isEqualTo("Required request body is missing");
        assertThat(refused(s.post("/notes", Json.object()), 422, "VALIDATION_ERROR")).contains("must not be null");
        assertThat(refused(s.get("/notes/not-a-uuid"), 422, "VALIDATION_ERROR"))
                .isEqualTo("Failed to convert value of type 'java.lang.String' to required type 'java.util.UUID';"
                        + " Invalid UUID string: not-a-uuid");
        assertThat(refused(s.put("/notes/12345", note("x", "users", "user", user)), 422, "VALIDATION_ERROR"))
                .contains("java.util.UUID");
        assertThat(refused(s.delete("/notes/12345"), 422, "VALIDATION_ERROR")).contains("java.util.UUID");
        assertThat(refused(s.get("/notes/" + UUID.randomUUID()), 404, "NOT_FOUND_ERROR")).contains("was not found");
        assertThat(refused(s.get("/notes", "title=("), 422, "VALIDATION_ERROR")).isNotBlank();
        assertThat(refused(s.get("/notes", "links.objectId==" + user), 422, "VALIDATION_ERROR"))
                .contains("links.objectId");
        assertThat(refused(s.get("/notes?limit=0"), 422, "VALIDATION_ERROR"))
                .isEqualTo("getNoteCollection.limit: must be greater than or equal to 1");
        assertThat(refused(s.get("/notes?offset=abc"), 422, "VALIDATION_ERROR"))
                .isEqualTo("Failed to convert value of type 'java.lang.String' to required type 'java.lang.Integer';"
                        + " For input string: \"abc\"");
    }

    /** A POST with Content-Type application/xml (Api always sends JSON). */
    static HttpResponse<String> xmlPost(String path, String body) {
        String base = TestServer.api().send("GET", "/admin/health", null, null, null).raw().uri().toString()
                .replace("/admin/health", "");
        HttpRequest req = HttpRequest.newBuilder(URI.create(base + path)).POST(HttpRequest.BodyPublishers.ofString(body))
                .header("Content-Type", "application/xml").header("X-Okapi-Tenant", "notes_api")
                .header("X-Okapi-Token", s.token()).build();
        try {
            return HttpClient.newHttpClient().send(req, HttpResponse.BodyHandlers.ofString());
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    static Api.Reply raw(String method, String path, String body) {
        return TestServer.api().send(method, path, body, "notes_api", s.token());
    }
}
