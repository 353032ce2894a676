package org.quire.notes;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.quire.Api;
import org.quire.Fixtures;
import org.quire.TestServer;
import org.quire.platform.Json;
import org.quire.platform.db.Database;
import org.quire.platform.db.Sql;
import org.quire.platform.tenancy.Tenants;

import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quire.notes.NotesApiTest.refused;
import static org.quire.notes.NotesApiTest.titles;

/** mod-notes' note-links over HTTP: filters, sorting, paging, assigning and unassigning, malformed input, index use. */
class NoteLinksApiTest {
    static Api.Session s;
    static final String TENANT = "note_links";

    @BeforeAll
    static void setUp() {
        s = Fixtures.tenant(TENANT);
    }

    static String create(String title, String typeId, String content, String linkType, String linkId) {
        ObjectNode n = Json.object().put("title", title).put("domain", "users").put("typeId", typeId).put("content", content);
        n.putArray("links").addObject().put("id", linkId).put("type", linkType);
        Api.Reply r = s.post("/notes", n);
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return r.json().path("id").asText();
    }

    static String type(String name) {
        Api.Reply r = s.post("/note-types", Json.object().put("name", name));
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return r.json().path("id").asText();
    }

    static String path(String user) {
        return "/note-links/domain/users/type/user/id/" + user;
    }

    @Test
    void statusSearchTypeFilters_orderAndPaging() {
        String alice = UUID.randomUUID().toString(), bob = UUID.randomUUID().toString();
        String urgent = type("Urgent " + UUID.randomUUID());
        create("Banana", NoteTables.GENERAL_NOTE_TYPE_ID, "<p>yellow <em>fruit</em></p>", "user", alice);
        create("apple", urgent, "<p>red</p>", "user", alice);
        create("Cherry", NoteTables.GENERAL_NOTE_TYPE_ID, "<p>small</p>", "user", alice);
        create("Bob's", NoteTables.GENERAL_NOTE_TYPE_ID, "<p>other</p>", "user", bob);

        assertThat(titles(s.get(path(alice) + "?status=assigned&orderBy=title&order=asc")))
                .containsExactly("apple", "Banana", "Cherry");
        assertThat(titles(s.get(path(alice) + "?status=ASSIGNED&orderBy=title&order=desc")))
                .containsExactly("Cherry", "Banana", "apple");
        // updatedDate sorts newest first unless told otherwise; no orderBy: newest first too
        assertThat(titles(s.get(path(alice) + "?status=assigned&orderBy=updatedDate")))
                .containsExactly("Cherry", "apple", "Banana");
        assertThat(titles(s.get(path(alice) + "?status=assigned&orderBy=updatedDate&order=asc")))
                .containsExactly("Banana", "apple", "Cherry");
        assertThat(titles(s.get(path(alice) + "?status=assigned"))).containsExactly("Cherry", "apple", "Banana");

        Api.Reply unassigned = s.get(path(alice) + "?status=unassigned");
        assertThat(titles(unassigned)).contains("Bob's").doesNotContain("apple", "Banana", "Cherry");
        Api.Reply all = s.get(path(alice));
        assertThat(titles(all)).contains("Bob's", "apple", "Banana", "Cherry");
        assertThat(all.json().path("totalRecords").asInt())
                .isEqualTo(unassigned.json().path("totalRecords").asInt() + 3);
        // another domain has none of them
        assertThat(s.get("/note-links/domain/agreements/type/user/id/" + alice + "?status=assigned").json()
                .path("totalRecords").asInt()).isZero();

        // search: title or content without its tags, case-insensitive; "title" as an older spelling
        assertThat(titles(s.get(path(alice) + "?status=assigned&search=FRUIT"))).containsExactly("Banana");
        assertThat(titles(s.get(path(alice) + "?status=assigned&title=cherr"))).containsExactly("Cherry");
        assertThat(titles(s.get(path(alice) + "?status=assigned&search=em"))).isEmpty(); // tags are not searched
        assertThat(titles(s.get(path(alice) + "?status=assigned&search=%25"))).isEmpty(); // % is not a wildcard
        String urgentName = s.get("/note-types/" + urgent).json().path("name").asText();
        assertThat(titles(s.get(path(alice) + "?status=assigned&noteType=" + urgentName.replace(" ", "%20"))))
                .containsExactly("apple");
        assertThat(titles(s.get(path(alice) + "?status=assigned&orderBy=title&noteType=General%20note&noteType="
                + urgentName.replace(" ", "%20")))).containsExactly("apple", "Banana", "Cherry");
        assertThat(titles(s.get(path(alice) + "?status=assigned&orderBy=noteType&order=desc")).getFirst())
                .isEqualTo("apple");

        // the assigning modal's sorts (mod-notes 2.x): the record's notes first, then by number of links
        List<String> byStatus = titles(s.get(path(alice) + "?status=all&orderBy=status&order=asc&limit=3"));
        assertThat(byStatus).containsExactlyInAnyOrder("apple", "Banana", "Cherry");
        assertThat(titles(s.get(path(bob) + "?status=all&orderBy=status&order=asc&limit=1"))).containsExactly("Bob's");

        Api.Reply page = s.get(path(alice) + "?status=assigned&orderBy=title&limit=2&offset=1");
        assertThat(titles(page)).containsExactly("Banana", "Cherry");
        assertThat(page.json().path("totalRecords").asInt()).isEqualTo(3);
        Api.Reply past = s.get(path(alice) + "?status=assigned&limit=2&offset=5");
        assertThat(titles(past)).isEmpty();
        assertThat(past.json().path("totalRecords").asInt()).isEqualTo(3);
    }

    @Test
    void put_assignsAndUnassigns_andDeletesANoteLeftWithoutLinks() {
        String carol = UUID.randomUUID().toString(), dave = UUID.randomUUID().toString();
        String shared = create("Shared", NoteTables.GENERAL_NOTE_TYPE_ID, "x", "user", carol);
        String only = create("Only Carol", NoteTables.GENERAL_NOTE_TYPE_ID, "x", "user", carol);

        ObjectNode assign = Json.object();
        ArrayNode assigned = assign.putArray("notes");
        assigned.addObject().put("id", shared).put("status", "ASSIGNED");
        assigned.addObject().put("id", UUID.randomUUID().toString()).put("status", "ASSIGNED");
        assertThat(s.put("/note-links/type/user/id/" + dave, assign).status()).isEqualTo(204);
        assertThat(titles(s.get(path(dave) + "?status=assigned"))).containsExactly("Shared");
        assertThat(s.get("/notes/" + shared).json().path("links").size()).isEqualTo(2);
        assertThat(titles(s.get(path(dave) + "?status=all&orderBy=linksNumber&order=desc&limit=1"))).containsExactly("Shared");
        // assigning again changes nothing
        assertThat(s.put("/note-links/type/user/id/" + dave, assign).status()).isEqualTo(204);
        assertThat(s.get("/notes/" + shared).json().path("links").size()).isEqualTo(2);

        ObjectNode unassign = Json.object();
        ArrayNode unassigned = unassign.putArray("notes");
        unassigned.addObject().put("id", shared).put("status", "UNASSIGNED");
        unassigned.addObject().put("id", only).put("status", "UNASSIGNED");
        assertThat(s.put("/note-links/type/user/id/" + carol, unassign).status()).isEqualTo(204);
        assertThat(titles(s.get(path(carol) + "?status=assigned"))).isEmpty();
        assertThat(s.get("/notes/" + shared).json().path("links").path(0).path("id").asText()).isEqualTo(dave);
        // mod-notes deletes a note whose last link goes
        assertThat(refused(s.get("/notes/" + only), 404, "NOT_FOUND_ERROR")).contains("was not found");
    }

    @Test
    void malformedInput_is422_never500() {
        String user = UUID.randomUUID().toString();
        assertThat(refused(s.get(path(user) + "?status=maybe"), 422, "VALIDATION_ERROR"))
                .isEqualTo("Failed to convert value of type 'java.lang.String' to required type 'LinkStatusFilter';"
                        + " Unexpected value 'maybe'");
        assertThat(refused(s.get(path(user) + "?order=up"), 422, "VALIDATION_ERROR")).contains("OrderDirection");
        assertThat(refused(s.get(path(user) + "?orderBy=popularity"), 422, "VALIDATION_ERROR")).contains("NotesOrderBy");
        assertThat(refused(s.get(path(user) + "?limit=0"), 422, "VALIDATION_ERROR"))
                .isEqualTo("getNoteCollectionByLink.limit: must be greater than or equal to 1");
        assertThat(refused(s.get(path(user) + "?limit=ten"), 422, "VALIDATION_ERROR")).contains("java.lang.Integer");
        assertThat(refused(s.get(path(user) + "?offset=-3"), 422, "VALIDATION_ERROR")).contains("greater than or equal to 0");
        // an object id is any string (eHoldings ids are not UUIDs): an unknown one has no notes
        assertThat(s.get("/note-links/domain/eholdings/type/resource/id/583-2356521-23456?status=assigned").json()
                .path("totalRecords").asInt()).isZero();

        String put = "/note-links/type/user/id/" + user;
        ObjectNode badId = Json.object();
        badId.putArray("notes").addObject().put("id", "12345").put("status", "ASSIGNED");
        assertThat(refused(s.put(put, badId), 422, "VALIDATION_ERROR")).isEqualTo("notes.id: Invalid UUID string: 12345");
        ObjectNode badStatus = Json.object();
        badStatus.putArray("notes").addObject().put("id", UUID.randomUUID().toString()).put("status", "MAYBE");
        assertThat(refused(s.put(put, badStatus), 422, "VALIDATION_ERROR")).contains("Unexpected value 'MAYBE'");
        ObjectNode noStatus = Json.object();
        noStatus.putArray("notes").addObject().put("id", UUID.randomUUID().toString());
        assertThat(refused(s.put(put, noStatus), 422, "VALIDATION_ERROR")).isEqualTo("notes.status: must not be null");
        assertThat(refused(s.put(put, Json.object()), 422, "VALIDATION_ERROR")).isEqualTo("notes: must not be null");
        assertThat(refused(s.put(put, Json.object().put("notes", "x")), 422, "VALIDATION_ERROR")).contains("array");
        assertThat(refused(TestServer.api().send("PUT", put, "{\"notes\": [", TENANT, s.token()), 422, "VALIDATION_ERROR"))
                .startsWith("JSON parse error");
    }

    /** The check-out screen's lookup is a range of note_link's primary key, not a scan, on 20,000 notes of a domain. */
    @Test
    void assignedLookup_usesTheLinkIndex() {
        Database db = TestServer.get().database();
        String schema = Tenants.schema(TENANT);
        db.tx(c -> {
            Sql.update(c, "INSERT INTO " + schema + ".note (id, jsonb, title, domain, type_id) SELECT gen_random_uuid(),"
                    + " '{\"links\": []}', 'bulk ' || g, 'bulk', ?::uuid FROM generate_series(1, 20000) g",
                    List.of(NoteTables.GENERAL_NOTE_TYPE_ID));
            Sql.update(c, "INSERT INTO " + schema + ".note_link (object_type, object_id, note_id) SELECT 'user',"
                    + " gen_random_uuid()::text, id FROM " + schema + ".note WHERE title LIKE 'bulk %'", List.of());
            for (String t : List.of("note", "note_link")) Sql.update(c, "ANALYZE " + schema + "." + t, List.of());
            return null;
        });
        NoteLinks.Query q = new NoteLinks.Query("bulk", "user", UUID.randomUUID().toString(), NoteLinks.Status.ASSIGNED,
                null, List.of(), null, true, 10000, 0);
        String plan = db.read(c -> {
            NotesStore.Statement st = NotesStore.linkPage(c, schema, q);
            return String.join("\n", Sql.list(c, "EXPLAIN " + st.sql(), st.params(), rs -> rs.getString(1)));
        });
        assertThat(plan).contains("note_link_pkey").doesNotContain("Seq Scan on note_link");
        assertThat(plan).doesNotContain("Seq Scan on note ");
    }
}
