package org.quire.oaipmh;

import com.fasterxml.jackson.databind.JsonNode;
import org.quire.platform.Json;

import java.util.Map;

/**
 * A tenant's OAI-PMH settings, from FOLIO's configuration entries of module {@code OAIPMH} (configNames
 * {@code general}, {@code technical}, {@code behavior}, each a JSON string in {@code value}: mod-oai-pmh
 * src/main/resources/config/*.json), so FOLIO's settings UI and scripts configure Quire as they configure FOLIO.
 *
 * @param baseUrl                     the repository's base URL (Identify; the host in identifiers); null: this server
 * @param maxRecordsPerResponse       page size (FOLIO technical.maxRecordsPerResponse, 100 by default)
 * @param deletedRecords              {@code persistent} (default: Quire keeps tombstones), {@code transient} or
 *                                    {@code no} (deleted records are left out)
 * @param suppressedRecordsProcessing true: suppressed records are harvested with 999 ff $t 1 (others $t 0); false
 *                                    (FOLIO's default): they are left out (reported deleted when deletedRecords
 *                                    is not {@code no}, so harvesters drop copies they have)
 * @param errorsAsOk                  FOLIO behavior.errorsProcessing "200": OAI errors answered with HTTP 200
 * @param recordsSource               FOLIO behavior.recordsSource: which instances are harvested
 */
public record OaiSettings(boolean enabled, String repositoryName, String baseUrl, String adminEmail,
                          int maxRecordsPerResponse, String deletedRecords, boolean suppressedRecordsProcessing,
                          boolean errorsAsOk, RecordsSource recordsSource) {

    /**
     * mod-oai-pmh's behavior.recordsSource (querybuilder/RecordsSource.getSource and the settings UI's values):
     * "Source record storage" (the default) harvests the instances that have an SRS MARC bib, with it; "Inventory"
     * the instances that have none, with MARC generated from the instance ({@link org.quire.marc.InstanceMarc},
     * mod-oai-pmh's generateRecordsOnTheFly with rulesDefault.json); "Source record storage and Inventory" both.
     * FOLIO also accepts "Source records storage and Inventory" (its UI's label) for the last.
     */
    public enum RecordsSource {
        SRS(true, false), INVENTORY(false, true), SRS_AND_INVENTORY(true, true);

        public final boolean srs;
        public final boolean inventory;

        RecordsSource(boolean srs, boolean inventory) {
            this.srs = srs;
            this.inventory = inventory;
        }

        /** The source a configuration value names, or null. */
        public static RecordsSource of(String value) {
            return switch (value) {
                case "Source record storage" -> SRS;
                case "Inventory" -> INVENTORY;
                case "Source record storage and Inventory", "Source records storage and Inventory" -> SRS_AND_INVENTORY;
                default -> null;
            };
        }
    }

    static final int DEFAULT_PAGE = 100;

    /**
     * From the {@code value} JSON strings by configName; anything missing or malformed keeps its default (a
     * malformed entry cannot be stored: {@link OaiConfigCheck}; this is for entries written before it).
     */
    static OaiSettings from(Map<String, String> byConfigName) {
        JsonNode general = parse(byConfigName.get("general"));
        JsonNode technical = parse(byConfigName.get("technical"));
        JsonNode behavior = parse(byConfigName.get("behavior"));
        int page = DEFAULT_PAGE;
        try {
            page = Integer.parseInt(technical.path("maxRecordsPerResponse").asText(String.valueOf(DEFAULT_PAGE)).trim());
        } catch (NumberFormatException e) {
            // keep the default
        }
        page = Math.max(1, Math.min(page, 5000));
        String deleted = behavior.path("deletedRecordsSupport").asText("persistent");
        if (!deleted.equals("no") && !deleted.equals("transient")) deleted = "persistent";
        RecordsSource source = RecordsSource.of(behavior.path("recordsSource").asText("Source record storage"));
        return new OaiSettings(!general.path("enableOaiService").asText("true").equals("false"),
                general.path("repositoryName").asText("Quire_OAI_Repository"),
                general.hasNonNull("baseUrl") ? general.get("baseUrl").asText() : null,
                general.path("administratorEmail").asText("oai-pmh@localhost"),
                page, deleted, behavior.path("suppressedRecordsProcessing").asText("false").equals("true"),
                behavior.path("errorsProcessing").asText("500").equals("200"),
                source == null ? RecordsSource.SRS : source);
    }

    boolean deletedSupported() {
        return !deletedRecords.equals("no");
    }

    private static JsonNode parse(String value) {
        if (value == null || value.isBlank()) return Json.object();
        try {
            JsonNode n = Json.parse(value);
            return n.isObject() ? n : Json.object();
        } catch (RuntimeException e) {
            return Json.object();
        }
    }
}
