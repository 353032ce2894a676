package org.quire.oaipmh;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;
import org.quire.platform.domain.InvalidInput;
import org.quire.platform.records.RecordHooks;

import java.sql.Connection;
import java.util.List;
import java.util.Set;

/**
 * Refuses an OAI-PMH configuration entry (module {@code OAIPMH}) whose settings Quire would otherwise have to ignore
 * silently: a {@code value} that is not a JSON object, or a behavior setting outside mod-oai-pmh's values (its
 * settings UI offers only these: recordsSource, deletedRecordsSupport, suppressedRecordsProcessing,
 * errorsProcessing) or a technical maxRecordsPerResponse that is not a positive number. Settings Quire does not
 * read (enableValidation, formattedOutput, …) pass unchecked.
 */
public final class OaiConfigCheck implements RecordHooks {
    private static final Set<String> DELETED = Set.of("persistent", "transient", "no");
    private static final Set<String> BOOLEANS = Set.of("true", "false");
    private static final Set<String> ERRORS = Set.of("200", "500");

    @Override
    public void beforeWrite(Connection c, String schema, List<ObjectNode> records, List<ObjectNode> previous) {
        for (ObjectNode r : records) {
            if (!"OAIPMH".equals(r.path("module").asText())) continue;
            check(r.path("configName").asText(), r.get("value"));
        }
    }

    /** The entry's value checked; an InvalidInput naming the setting and the values allowed. */
    static void check(String configName, JsonNode value) {
        if (value == null || value.isNull()) return;
        JsonNode v;
        try {
            v = value.isTextual() ? Json.parse(value.asText()) : null;
        } catch (RuntimeException e) {
            v = null;
        }
        if (v == null || !v.isObject()) {
            throw new InvalidInput("OAI-PMH configuration '" + configName + "': value must be a JSON object in a"
                    + " string, was " + abbreviate(value.toString()));
        }
        switch (configName) {
            case "behavior" -> {
                oneOf(v, "recordsSource", s -> OaiSettings.RecordsSource.of(s) != null,
                        "'Source record storage', 'Inventory' or 'Source record storage and Inventory'");
                oneOf(v, "deletedRecordsSupport", DELETED::contains, "'persistent', 'transient' or 'no'");
                oneOf(v, "suppressedRecordsProcessing", BOOLEANS::contains, "true or false");
                oneOf(v, "errorsProcessing", ERRORS::contains, "'200' or '500'");
            }
            case "technical" -> oneOf(v, "maxRecordsPerResponse", OaiConfigCheck::positive, "a positive whole number");
            default -> { }
        }
    }

    private static void oneOf(JsonNode v, String name, java.util.function.Predicate<String> ok, String allowed) {
        JsonNode n = v.get(name);
        if (n == null || n.isNull()) return;
        if (!n.isValueNode() || !ok.test(n.asText().trim())) {
            throw new InvalidInput("OAI-PMH setting '" + name + "' must be " + allowed + ", was "
                    + abbreviate(n.toString()));
        }
    }

    private static boolean positive(String s) {
        try {
            return Integer.parseInt(s) > 0;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private static String abbreviate(String s) {
        return s.length() > 100 ? s.substring(0, 100) + "…" : s;
    }
}
