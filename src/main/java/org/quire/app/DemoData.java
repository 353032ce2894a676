package org.quire.app;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.marc4j.marc.DataField;
import org.marc4j.marc.Record;
import org.marc4j.marc.Subfield;
import org.marc4j.marc.VariableField;
import org.quire.inventory.InventoryTypes;
import org.quire.marc.MarcFiles;
import org.quire.marc.MarcRecordOrError;
import org.quire.marc.rules.MappingRules;
import org.quire.marc.rules.MarcMapper;
import org.quire.marc.rules.RulesType;
import org.quire.platform.Json;
import org.quire.srs.Snapshot;
import org.quire.srs.SrsRecord;
import org.quire.srs.SrsRecordType;
import org.quire.srs.SrsStore;
import org.quire.users.UserTypes;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A sample catalogue and patrons to try things with: each of 1,200 real Library of Congress records becomes an SRS
 * MARC bib and its instance with one holdings record and one Available item (barcodes 10000001…), and FOLIO's 300
 * sample patrons are made active (FOLIO's sample marks some inactive and expired; a newcomer needs patrons who can
 * borrow). Ids are derived from the record number, so every demo tenant has the same ones.
 */
public final class DemoData {
    public static final String MAIN_LIBRARY = "fcd64ce1-6995-48f0-840e-89ffa2288371";
    public static final String BOOK = "1a54b431-2e4f-452d-9cae-9cee66c9a892";
    public static final String CAN_CIRCULATE = "2b94c631-fca9-4892-a730-03ee529ffe27";
    public static final String FOLIO_SOURCE = "f32d531e-df79-46b3-8932-cdd35f7a2264";
    public static final String LC_CALL_NUMBER = "95467209-6d7b-468b-94df-0f5d7ad2747d";
    public static final int FIRST_ITEM_BARCODE = 10_000_001;

    private static final Pattern WHITESPACE = Pattern.compile("\\s+");
    private static final MarcMapper BIB = MappingRules.defaultMapper(RulesType.MARC_BIB, ReferenceData.lookups());

    private DemoData() {
    }

    /** One record of the demo catalogue: the instance mapped from MARC (no id yet) and its LC call number. */
    public record SeedTitle(ObjectNode instance, String callNumber) {
    }

    /** The 1,200 real LC records of the demo catalogue; the benchmark's generator reuses them for its titles. */
    public static List<SeedTitle> seedTitles() {
        List<SeedTitle> titles = new ArrayList<>();
        for (Record marc : seedRecords()) {
            SeedTitle title = seedTitle(marc);
            if (title != null) titles.add(title);
        }
        return titles;
    }

    /** The demo catalogue's MARC records as read from the file (the unreadable ones left out). */
    private static List<Record> seedRecords() {
        List<Record> out = new ArrayList<>();
        Path tmp = null;
        try (InputStream in = DemoData.class.getResourceAsStream("/seed/lc-books-1200.mrc")) {
            tmp = Files.createTempFile("quire-seed", ".mrc");
            Files.copy(in, tmp, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            try (Stream<MarcRecordOrError> records = MarcFiles.read(tmp)) {
                for (MarcRecordOrError r : (Iterable<MarcRecordOrError>) records::iterator) {
                    if (!r.isError()) out.add(r.record());
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException("Cannot read the demo catalogue: " + e.getMessage(), e);
        } finally {
            if (tmp != null) try {
                Files.deleteIfExists(tmp);
            } catch (IOException ignored) {
                // a temp file left behind is harmless
            }
        }
        return out;
    }

    /**
     * A record of the catalogue mapped as an import maps it (FOLIO's default MARC-bib rules over the reference data
     * every tenant starts with), without the 001 as HRID: storage assigns the tenant's next, as on import. Null when
     * the rules give the record no title, which an import would fail too.
     */
    public static SeedTitle seedTitle(Record marc) {
        ObjectNode instance = BIB.toInstance(marc);
        if (!instance.hasNonNull("title")) return null;
        instance.remove("hrid");
        return new SeedTitle(instance, lcCallNumber(marc));
    }

    /** The holdings call number: the first 050 with a class number, "$a $b" (e.g. "H61.28 .K78 2000"). */
    static String lcCallNumber(Record marc) {
        for (VariableField v : marc.getVariableFields("050")) {
            String classNumber = first((DataField) v, 'a');
            if (!classNumber.isEmpty()) return (classNumber + " " + first((DataField) v, 'b')).strip();
        }
        return null;
    }

    private static String first(DataField field, char code) {
        for (Subfield sf : field.getSubfields(code)) {
            String value = sf.getData() == null ? "" : WHITESPACE.matcher(sf.getData()).replaceAll(" ").strip();
            if (!value.isEmpty()) return value;
        }
        return "";
    }

    /**
     * The demo catalogue as an import with FOLIO's default create profile leaves it: per record an SRS MARC bib (in
     * one committed snapshot: 035 from 001/003, 999 ff $s, then 001 = the instance HRID and 999 ff $i), the instance
     * mapped from that record (source MARC), a holdings record and an Available item. Without the SRS records the
     * instances said "source MARC" with no MARC behind them: no MARC view, no SRS record to export, and nothing for
     * OAI-PMH's default records source to harvest.
     */
    public static int loadCatalogue(Connection c, String schema) throws SQLException {
        List<ObjectNode> instances = new ArrayList<>(), holdings = new ArrayList<>(), items = new ArrayList<>();
        List<SrsRecord> bibs = new ArrayList<>();
        UUID snapshot = UUID.fromString(uuid("snapshot", 0));
        for (Record marc : seedRecords()) {
            int n = instances.size();
            UUID srsId = UUID.fromString(uuid("srs", n));
            SrsRecord bib = SrsRecord.fromImport(srsId, snapshot, SrsRecordType.MARC_BIB, marc, n);
            SeedTitle title = seedTitle(marc);
            if (title == null) continue;
            ObjectNode inst = title.instance();
            inst.put("id", uuid("instance", n));
            instances.add(inst);
            bibs.add(bib);
            ObjectNode h = Json.object();
            h.put("id", uuid("holdings", n));
            h.put("instanceId", inst.get("id").asText());
            h.put("permanentLocationId", MAIN_LIBRARY);
            h.put("sourceId", FOLIO_SOURCE);
            if (title.callNumber() != null) {
                h.put("callNumber", title.callNumber());
                h.put("callNumberTypeId", LC_CALL_NUMBER);
            }
            holdings.add(h);
            ObjectNode item = Json.object();
            item.put("id", uuid("item", n));
            item.put("holdingsRecordId", h.get("id").asText());
            item.put("barcode", String.valueOf(FIRST_ITEM_BARCODE + n));
            item.putObject("status").put("name", "Available");
            item.put("materialTypeId", BOOK);
            item.put("permanentLoanTypeId", CAN_CIRCULATE);
            items.add(item);
        }
        // as the import writes them: HRIDs first, the SRS records carrying them, then the instances (ImportChunk)
        InventoryTypes.assignInstanceHrids(c, schema, instances);
        List<SrsRecord> linked = new ArrayList<>(bibs.size());
        for (int i = 0; i < bibs.size(); i++) {
            ObjectNode inst = instances.get(i);
            linked.add(bibs.get(i).linkedToInstance(UUID.fromString(inst.get("id").asText()),
                    inst.get("hrid").asText()));
        }
        SrsStore.insertSnapshot(c, schema, new Snapshot(snapshot, "COMMITTED", null, null, null, null, null), null);
        SrsStore.insert(c, schema, linked, null);
        InventoryTypes.INSTANCES.insertAll(c, schema, instances, null, true);
        InventoryTypes.HOLDINGS.insertAll(c, schema, holdings, null, true);
        InventoryTypes.ITEMS.insertAll(c, schema, items, null, true);
        return items.size();
    }

    public static int loadPatrons(Connection c, String schema) throws SQLException {
        List<ObjectNode> users = SampleData.users();
        String until = Instant.now().plus(3650, ChronoUnit.DAYS).truncatedTo(ChronoUnit.DAYS).toString();
        for (ObjectNode u : users) {
            u.put("active", true);
            u.put("expirationDate", until);
        }
        UserTypes.USERS.insertAll(c, schema, users, null, true);
        return users.size();
    }

    static String uuid(String kind, int n) {
        return UUID.nameUUIDFromBytes(("quire-demo-" + kind + "-" + n).getBytes()).toString();
    }
}
