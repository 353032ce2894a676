package org.quire.bench;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;

import java.io.IOException;

/**
 * The job profile of the PTF's MARC-bib create tests ("PTF - Create 2": FOLIO's default instance mapping plus a
 * holdings record and an item with mapped fields, folio-catalogue-api.md §3.6), made through the profiles API as the
 * PTF's set-up makes it in the UI: three mapping profiles, three CREATE action profiles, one job profile. FOLIO ships
 * no such profile, so neither does Quire's seed data. The mapped values are the PTF's: instance cataloged today with
 * status "Cataloged"; holdings at the Main Library, LC call number from 050 $a $b; an Available "book" item that
 * "Can circulate" with a note.
 */
final class PtfCreateProfile {
    static final String NAME = "PTF - Create 2";
    private static final String P = "/data-import-profiles/";

    private PtfCreateProfile() {
    }

    /** Creates the profiles in the tenant of {@code s}; returns the job profile's id. */
    static String create(BenchHttp.Session s) throws IOException, InterruptedException {
        ObjectNode note = field("notes", "item.notes[]", "");
        ObjectNode noteFields = ((ArrayNode) note.get("subfields")).addObject().put("order", 0)
                .put("path", "item.notes[]");
        noteFields.withArray("fields").add(field("itemNoteTypeId", "item.notes[].itemNoteTypeId", "\"Note\""));
        noteFields.withArray("fields").add(field("note", "item.notes[].note", "\"PTF note\""));
        noteFields.withArray("fields").add(field("staffOnly", "item.notes[].staffOnly", "")
                .put("booleanFieldAction", "ALL_FALSE"));
        String instance = action(s, "INSTANCE", mapping(s, "INSTANCE",
                field("catalogedDate", "instance.catalogedDate", "###TODAY###"),
                field("statusId", "instance.statusId", "\"Cataloged\"")));
        String holdings = action(s, "HOLDINGS", mapping(s, "HOLDINGS",
                field("holdingsTypeId", "holdings.holdingsTypeId", "\"Monograph\""),
                field("permanentLocationId", "holdings.permanentLocationId", "\"Main Library (KU/CC/DI/M)\""),
                field("callNumberTypeId", "holdings.callNumberTypeId", "\"Library of Congress classification\""),
                field("callNumber", "holdings.callNumber", "050$a \" \" 050$b")));
        String item = action(s, "ITEM", mapping(s, "ITEM",
                field("materialType.id", "item.materialType.id", "\"book\""),
                field("permanentLoanType.id", "item.permanentLoanType.id", "\"Can circulate\""),
                field("status.name", "item.status.name", "\"Available\""), note));
        return profile(s, "jobProfiles", Json.object().put("name", NAME).put("dataType", "MARC"),
                relation("JOB_PROFILE", instance, 0), relation("JOB_PROFILE", holdings, 1),
                relation("JOB_PROFILE", item, 2));
    }

    private static String mapping(BenchHttp.Session s, String record, ObjectNode... fields)
            throws IOException, InterruptedException {
        ObjectNode m = Json.object().put("name", NAME + " " + record.toLowerCase())
                .put("incomingRecordType", "MARC_BIBLIOGRAPHIC").put("existingRecordType", record);
        ObjectNode details = m.putObject("mappingDetails").put("name", record.toLowerCase()).put("recordType", record);
        for (ObjectNode f : fields) details.withArray("mappingFields").add(f);
        return profile(s, "mappingProfiles", m);
    }

    private static String action(BenchHttp.Session s, String record, String mappingId)
            throws IOException, InterruptedException {
        ObjectNode relation = Json.object().putNull("masterProfileId").put("masterProfileType", "ACTION_PROFILE")
                .put("detailProfileId", mappingId).put("detailProfileType", "MAPPING_PROFILE").put("order", 0);
        return profile(s, "actionProfiles", Json.object().put("name", NAME + " " + record.toLowerCase())
                .put("action", "CREATE").put("folioRecord", record), relation);
    }

    private static ObjectNode relation(String masterType, String actionId, int order) {
        return Json.object().putNull("masterProfileId").put("masterProfileType", masterType)
                .put("detailProfileId", actionId).put("detailProfileType", "ACTION_PROFILE").put("order", order);
    }

    private static ObjectNode field(String name, String path, String value) {
        ObjectNode f = Json.object().put("name", name).put("enabled", "true").put("path", path).put("value", value);
        f.putArray("subfields");
        return f;
    }

    /** POST {profile, addedRelations, deletedRelations}, FOLIO's ProfileSnapshotWrapper-less write body. */
    private static String profile(BenchHttp.Session s, String kind, ObjectNode profile, ObjectNode... relations)
            throws IOException, InterruptedException {
        ObjectNode dto = Json.object();
        dto.set("profile", profile);
        ArrayNode added = dto.putArray("addedRelations");
        for (ObjectNode r : relations) added.add(r);
        dto.putArray("deletedRelations");
        return s.postOk(P + kind, dto).path("id").asText();
    }
}
