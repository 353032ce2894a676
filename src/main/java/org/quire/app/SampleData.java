package org.quire.app;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.inventory.InventoryTypes;
import org.quire.platform.records.RecordStore;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * FOLIO's sample records that Quire ships (src/main/resources/sample, copied from the sample-data folders of FOLIO's
 * modules in shared/data/folio): mod-inventory-storage's location units (one institution, two campuses, two
 * libraries) and six locations, and mod-users' 300 sample users. They are loaded only with sample data
 * ({@code loadSample=true}, the demo tenant), never with reference data: FOLIO's clients create them in a
 * reference-only tenant themselves, with these very ids.
 */
public final class SampleData {
    private SampleData() {
    }

    /** A sample location file, the store it goes to and its FOLIO path, in foreign-key order. */
    public record LocationFile(String name, RecordStore store, String path) {
        public List<ObjectNode> records() {
            return ReferenceData.records("sample/" + name);
        }
    }

    public static final List<LocationFile> LOCATIONS = List.of(
            new LocationFile("institutions", InventoryTypes.INSTITUTIONS, "/location-units/institutions"),
            new LocationFile("campuses", InventoryTypes.CAMPUSES, "/location-units/campuses"),
            new LocationFile("libraries", InventoryTypes.LIBRARIES, "/location-units/libraries"),
            new LocationFile("locations", InventoryTypes.LOCATIONS, "/locations"));

    /** FOLIO's sample location units and locations (idempotent: existing ids are replaced). */
    public static void loadLocations(Connection c, String schema) throws SQLException {
        for (LocationFile f : LOCATIONS) f.store().insertAll(c, schema, f.records(), null, true);
    }

    /** FOLIO's sample users (mod-users sample-data/users-15.4.0). */
    public static List<ObjectNode> users() {
        return ReferenceData.records("sample/users");
    }
}
