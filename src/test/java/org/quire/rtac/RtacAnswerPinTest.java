package org.quire.rtac;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.quire.Api;
import org.quire.Fixtures;
import org.quire.platform.Json;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Pins the whole RTAC answer, byte for byte, for one instance with several holdings records and items in different
 * states (on loan with a hold, temporarily elsewhere, summary/enumeration/volume/chronology, suppressed, without
 * barcode, holdings without items with and without statements, notes of every kind). Written before RTAC stopped
 * reading whole documents (issue 16), so that refactor is proven not to change a byte of what clients receive.
 */
class RtacAnswerPinTest {
    static final String NOTE_TYPE = "b160f13a-ddba-4053-b9c4-60ec5ea45d56"; // FOLIO's reference holdings note type "Note"

    static Api.Session s;
    /** Placeholder → value: the generated ids and the due date, substituted into the pinned text. */
    static final Map<String, String> vars = new LinkedHashMap<>();

    @BeforeAll
    static void data() {
        s = Fixtures.tenant("rtac_pin");
        String inst = Fixtures.instance(s, "Pinned RTAC answer");
        vars.put("{inst}", inst);

        ObjectNode h1 = Json.object().put("instanceId", inst).put("permanentLocationId", Fixtures.MAIN_LIBRARY)
                .put("callNumber", "QA1 .P5").put("callNumberPrefix", "REF").put("callNumberSuffix", "sfx")
                .put("copyNumber", "h.1");
        ArrayNode st = h1.putArray("holdingsStatements");
        st.addObject().put("statement", "v.1-10").put("note", "public").put("staffNote", "secret");
        st.addObject().put("statement", "v.11-");
        h1.putArray("holdingsStatementsForIndexes").addObject().put("statement", "Index 1-10");
        h1.putArray("holdingsStatementsForSupplements").addObject().put("note", "supplement note only");
        ArrayNode notes = h1.putArray("notes");
        notes.addObject().put("note", "Typed public note").put("staffOnly", false).put("holdingsNoteTypeId", NOTE_TYPE);
        notes.addObject().put("note", "Untyped public note");
        notes.addObject().put("note", "Staff only").put("staffOnly", true).put("holdingsNoteTypeId", NOTE_TYPE);
        notes.addObject().put("note", "Unknown type").put("holdingsNoteTypeId", UUID.randomUUID().toString());
        notes.addObject().putNull("note").put("holdingsNoteTypeId", NOTE_TYPE);
        vars.put("{h1}", RtacTest.created(s.post("/holdings-storage/holdings", h1)));

        vars.put("{i1}", item("{h1}", "pin-1", Json.object()));
        vars.put("{i2}", item("{h1}", "pin-2", Json.object().put("temporaryLocationId", RtacTest.ANNEX)
                .put("materialTypeId", Fixtures.DVD).put("temporaryLoanTypeId", Fixtures.READING_ROOM)
                .put("displaySummary", "Summary v.9").put("enumeration", "v.9").put("copyNumber", "c.1")
                .put("itemLevelCallNumber", "ITEM 1").put("itemLevelCallNumberPrefix", "P")
                .put("itemLevelCallNumberSuffix", "S").put("discoverySuppress", false)));
        vars.put("{i3}", item("{h1}", "pin-3", Json.object().put("volume", "vol. 3")
                .set("status", Json.object().put("name", "In transit"))));
        vars.put("{i4}", item("{h1}", "pin-4", Json.object().put("chronology", "2001")
                .set("status", Json.object().put("name", "Missing"))));
        item("{h1}", "pin-5", Json.object().put("discoverySuppress", true)); // never shown
        vars.put("{i6}", item("{h1}", null, Json.object().put("enumeration", "v.1").put("chronology", "1990")
                .set("status", Json.object().put("name", "On order"))));

        // A holdings record without items, with statements: one row, its status the first statement.
        ObjectNode h2 = Json.object().put("instanceId", inst).put("permanentLocationId", RtacTest.SECOND_FLOOR);
        h2.putArray("holdingsStatements").addObject().put("statement", "Library has v.1-5");
        vars.put("{h2}", RtacTest.created(s.post("/holdings-storage/holdings", h2)));
        // Without items or statements, temporarily elsewhere: "Multi" at its permanent location, no call number.
        vars.put("{h3}", RtacTest.created(s.post("/holdings-storage/holdings", Json.object().put("instanceId", inst)
                .put("permanentLocationId", RtacTest.ANNEX).put("temporaryLocationId", RtacTest.SECOND_FLOOR)
                .put("discoverySuppress", false))));
        // Suppressed holdings: neither it nor its item is shown.
        String h4 = RtacTest.created(s.post("/holdings-storage/holdings", Json.object().put("instanceId", inst)
                .put("permanentLocationId", Fixtures.MAIN_LIBRARY).put("discoverySuppress", true)));
        item(h4, "pin-7", Json.object());
        // A holdings record whose item has no call number at all.
        vars.put("{h5}", RtacTest.created(s.post("/holdings-storage/holdings", Json.object().put("instanceId", inst)
                .put("permanentLocationId", Fixtures.ONLINE))));
        vars.put("{i8}", item("{h5}", "pin-8", Json.object().put("copyNumber", "c.8")));

        Fixtures.patron(s, "pin-u1", Fixtures.UNDERGRAD, true);
        Api.Reply out = s.post("/circulation/check-out-by-barcode", Fixtures.checkOut("pin-1", "pin-u1"));
        assertThat(out.status()).as(out.body()).isEqualTo(201);
        vars.put("{due}", Json.dateZ(Instant.parse(out.json().path("dueDate").asText())));
        String requester = Fixtures.patron(s, "pin-u2", Fixtures.UNDERGRAD, true).path("id").asText();
        Api.Reply hold = s.post("/circulation/requests", Json.object().put("requestType", "Hold")
                .put("requestLevel", "Item").put("itemId", vars.get("{i1}")).put("holdingsRecordId", vars.get("{h1}"))
                .put("requesterId", requester).put("pickupServicePointId", Fixtures.CIRC_DESK_1)
                .put("fulfillmentPreference", "Hold Shelf").put("requestDate", Instant.now().toString()));
        assertThat(hold.status()).as(hold.body()).isEqualTo(201);

        vars.put("{none}", Fixtures.instance(s, "No holdings"));
    }

    static String item(String holdings, String barcode, ObjectNode extra) {
        ObjectNode item = Json.object().put("holdingsRecordId", vars.getOrDefault(holdings, holdings))
                .put("materialTypeId", Fixtures.BOOK).put("permanentLoanTypeId", Fixtures.CAN_CIRCULATE);
        if (barcode != null) item.put("barcode", barcode);
        item.putObject("status").put("name", "Available");
        item.setAll(extra);
        return RtacTest.created(s.post("/item-storage/items", item));
    }

    /** The pinned text with its placeholders replaced. */
    static String expected(String pinned) {
        String out = pinned.strip().replace("\n", "");
        for (var e : vars.entrySet()) out = out.replace(e.getKey(), e.getValue());
        return out;
    }

    /** The answer's rows for the instance, in holdings hrid then item hrid order, as JSON text. */
    static final String ROWS = """
            [{"id":"{i1}","barcode":"pin-1","location":"Main Library","locationCode":"KU/CC/DI/M",
            "locationId":"fcd64ce1-6995-48f0-840e-89ffa2288371","callNumber":"REF QA1 .P5 sfx","status":"Checked out",
            "dueDate":"{due}","permanentLoanType":"Can circulate",
            "materialType":{"id":"1a54b431-2e4f-452d-9cae-9cee66c9a892","name":"book"},
            "library":{"id":"5d78803e-ca04-4b4a-aeae-2c63b924518b","name":"Datalogisk Institut","code":"DI"},
            "suppressFromDiscovery":false,"totalHoldRequests":1,"notes":[{"holdingsNoteTypeName":"Note",
            "note":"Typed public note"},{"note":"Untyped public note"},{"note":"Unknown type"}],
            "holdingsStatements":[{"statement":"v.1-10","note":"public"},{"statement":"v.11-"}],
            "holdingsStatementsForIndexes":[{"statement":"Index 1-10"}],
            "holdingsStatementsForSupplements":[{"note":"supplement note only"}],"holdingsCopyNumber":"h.1"},
            {"id":"{i2}","barcode":"pin-2","location":"Annex","locationCode":"KU/CC/DI/A",
            "locationId":"53cf956f-c1df-410b-8bea-27f712cca7c0","callNumber":"P ITEM 1 S","status":"Available",
            "volume":"(Summary v.9)","temporaryLoanType":"Reading room","permanentLoanType":"Can circulate",
            "materialType":{"id":"5ee11d91-f7e8-481d-b079-65d708582ccc","name":"dvd"},
            "library":{"id":"5d78803e-ca04-4b4a-aeae-2c63b924518b","name":"Datalogisk Institut","code":"DI"},
            "suppressFromDiscovery":false,"totalHoldRequests":0,"notes":[{"holdingsNoteTypeName":"Note",
            "note":"Typed public note"},{"note":"Untyped public note"},{"note":"Unknown type"}],
            "holdingsStatements":[{"statement":"v.1-10","note":"public"},{"statement":"v.11-"}],
            "holdingsStatementsForIndexes":[{"statement":"Index 1-10"}],
            "holdingsStatementsForSupplements":[{"note":"supplement note only"}],"holdingsCopyNumber":"h.1",
            "itemCopyNumber":"c.1"},{"id":"{i3}","barcode":"pin-3","location":"Main Library",
            "locationCode":"KU/CC/DI/M","locationId":"fcd64ce1-6995-48f0-840e-89ffa2288371",
            "callNumber":"REF QA1 .P5 sfx","status":"In transit","volume":"(vol. 3)",
            "permanentLoanType":"Can circulate","materialType":{"id":"1a54b431-2e4f-452d-9cae-9cee66c9a892",
            "name":"book"},"library":{"id":"5d78803e-ca04-4b4a-aeae-2c63b924518b","name":"Datalogisk Institut",
            "code":"DI"},"suppressFromDiscovery":false,"totalHoldRequests":0,"notes":[{"holdingsNoteTypeName":"Note",
            "note":"Typed public note"},{"note":"Untyped public note"},{"note":"Unknown type"}],
            "holdingsStatements":[{"statement":"v.1-10","note":"public"},{"statement":"v.11-"}],
            "holdingsStatementsForIndexes":[{"statement":"Index 1-10"}],
            "holdingsStatementsForSupplements":[{"note":"supplement note only"}],"holdingsCopyNumber":"h.1"},
            {"id":"{i4}","barcode":"pin-4","location":"Main Library","locationCode":"KU/CC/DI/M",
            "locationId":"fcd64ce1-6995-48f0-840e-89ffa2288371","callNumber":"REF QA1 .P5 sfx","status":"Missing",
            "volume":"(2001)","permanentLoanType":"Can circulate",
            "materialType":{"id":"1a54b431-2e4f-452d-9cae-9cee66c9a892","name":"book"},
            "library":{"id":"5d78803e-ca04-4b4a-aeae-2c63b924518b","name":"Datalogisk Institut","code":"DI"},
            "suppressFromDiscovery":false,"totalHoldRequests":0,"notes":[{"holdingsNoteTypeName":"Note",
            "note":"Typed public note"},{"note":"Untyped public note"},{"note":"Unknown type"}],
            "holdingsStatements":[{"statement":"v.1-10","note":"public"},{"statement":"v.11-"}],
            "holdingsStatementsForIndexes":[{"statement":"Index 1-10"}],
            "holdingsStatementsForSupplements":[{"note":"supplement note only"}],"holdingsCopyNumber":"h.1"},
            {"id":"{i6}","location":"Main Library","locationCode":"KU/CC/DI/M",
            "locationId":"fcd64ce1-6995-48f0-840e-89ffa2288371","callNumber":"REF QA1 .P5 sfx","status":"On order",
            "volume":"(v.1 1990)","permanentLoanType":"Can circulate",
            "materialType":{"id":"1a54b431-2e4f-452d-9cae-9cee66c9a892","name":"book"},
            "library":{"id":"5d78803e-ca04-4b4a-aeae-2c63b924518b","name":"Datalogisk Institut","code":"DI"},
            "suppressFromDiscovery":false,"totalHoldRequests":0,"notes":[{"holdingsNoteTypeName":"Note",
            "note":"Typed public note"},{"note":"Untyped public note"},{"note":"Unknown type"}],
            "holdingsStatements":[{"statement":"v.1-10","note":"public"},{"statement":"v.11-"}],
            "holdingsStatementsForIndexes":[{"statement":"Index 1-10"}],
            "holdingsStatementsForSupplements":[{"note":"supplement note only"}],"holdingsCopyNumber":"h.1"},
            {"id":"{h2}","location":"SECOND FLOOR","locationCode":"KU/CC/DI/2",
            "locationId":"f34d27c6-a8eb-461b-acd6-5dea81771e70","status":"Library has v.1-5",
            "library":{"id":"5d78803e-ca04-4b4a-aeae-2c63b924518b","name":"Datalogisk Institut","code":"DI"},
            "suppressFromDiscovery":false,"totalHoldRequests":0,
            "holdingsStatements":[{"statement":"Library has v.1-5"}],"holdingsStatementsForIndexes":[],
            "holdingsStatementsForSupplements":[]},{"id":"{h3}","location":"Annex","locationCode":"KU/CC/DI/A",
            "locationId":"53cf956f-c1df-410b-8bea-27f712cca7c0","status":"Multi",
            "library":{"id":"5d78803e-ca04-4b4a-aeae-2c63b924518b","name":"Datalogisk Institut","code":"DI"},
            "suppressFromDiscovery":false,"totalHoldRequests":0,"holdingsStatements":[],
            "holdingsStatementsForIndexes":[],"holdingsStatementsForSupplements":[]},{"id":"{i8}","barcode":"pin-8",
            "location":"Online","locationCode":"E","locationId":"184aae84-a5bf-4c6a-85ba-4a7c73026cd5",
            "status":"Available","permanentLoanType":"Can circulate",
            "materialType":{"id":"1a54b431-2e4f-452d-9cae-9cee66c9a892","name":"book"},
            "library":{"id":"c2549bb4-19c7-4fcc-8b52-39e612fb7dbe","name":"Online","code":"E"},
            "suppressFromDiscovery":false,"totalHoldRequests":0,"holdingsStatements":[],
            "holdingsStatementsForIndexes":[],"holdingsStatementsForSupplements":[],"itemCopyNumber":"c.8"}]
            """;

    @Test
    void legacyGet_isPinnedByteForByte() {
        Api.Reply r = s.get("/rtac/" + vars.get("{inst}"));
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        assertThat(r.body()).isEqualTo(expected("{\"instanceId\":\"{inst}\",\"holdings\":" + ROWS + "}"));
    }

    @Test
    void batch_isPinnedByteForByte() {
        ObjectNode body = Json.object().put("fullPeriodicals", false);
        for (String id : List.of(vars.get("{inst}"), "not-a-uuid", vars.get("{none}"))) body.withArray("instanceIds").add(id);
        Api.Reply r = s.post("/rtac-batch", body);
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        assertThat(r.body()).isEqualTo(expected("{\"holdings\":[{\"instanceId\":\"{inst}\",\"holdings\":" + ROWS
                + "},{\"instanceId\":\"{none}\",\"holdings\":[]}],\"errors\":["
                + "{\"message\":\"Instance not-a-uuid can not be retrieved\",\"code\":\"404\"},"
                + "{\"message\":\"Holdings not found for instance {none}\",\"code\":\"404\"}]}"));
    }
}
