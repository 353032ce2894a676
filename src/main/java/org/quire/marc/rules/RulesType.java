package org.quire.marc.rules;

import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The three rule sets of mod-source-record-manager ({@code /mapping-rules/{marc-bib|marc-holdings|marc-authority}}),
 * each with the shape facts of its FOLIO record that the processor takes from the Java classes by reflection: which
 * top-level targets are arrays of strings, which are nested objects rather than arrays of objects, which leaves are
 * booleans, and which field an array element must have to be kept.
 */
public enum RulesType {
    MARC_BIB("marc-bib", "marc_bib_rules.json",
            Set.of("languages", "editions", "physicalDescriptions", "series", "subjects", "publicationFrequency",
                    "publicationRange", "instanceFormatIds", "administrativeNotes", "statisticalCodeIds",
                    "natureOfContentTermIds", "formerIds"),
            Set.of("dates"),
            Map.of("identifiers", "value", "contributors", "name", "classifications", "classificationNumber",
                    "notes", "note", "alternativeTitles", "alternativeTitle", "electronicAccess", "uri",
                    "subjects", "value", "series", "value")),
    MARC_HOLDINGS("marc-holdings", "marc_holdings_rules.json",
            Set.of("formerIds", "statisticalCodeIds", "administrativeNotes", "holdingsItems", "bareHoldingsItems"),
            Set.of("receivingHistory"),
            Map.of("notes", "note", "electronicAccess", "uri")),
    MARC_AUTHORITY("marc-authority", "marc_authority_rules.json",
            Set.of("sftPersonalName", "sftPersonalNameTitle", "sftCorporateName", "sftCorporateNameTitle",
                    "sftMeetingName", "sftMeetingNameTitle", "sftUniformTitle", "sftTopicalTerm", "sftGeographicName",
                    "sftGenreTerm", "saftPersonalName", "saftPersonalNameTitle", "saftCorporateName",
                    "saftCorporateNameTitle", "saftMeetingName", "saftMeetingNameTitle", "saftUniformTitle",
                    "saftTopicalTerm", "saftGeographicName", "saftGenreTerm"),
            Set.of(),
            Map.of("identifiers", "value", "notes", "note"));

    static final Set<String> BOOLEAN_LEAVES = Set.of("primary", "staffOnly", "discoverySuppress", "staffSuppress",
            "previouslyHeld", "deleted");

    private final String path;
    private final String resource;
    final Set<String> stringArrays;
    final Set<String> objects;
    final Map<String, String> requiredInArrayElements;

    RulesType(String path, String resource, Set<String> stringArrays, Set<String> objects,
              Map<String, String> requiredInArrayElements) {
        this.path = path;
        this.resource = resource;
        this.stringArrays = stringArrays;
        this.objects = objects;
        this.requiredInArrayElements = requiredInArrayElements;
    }

    /** The path segment FOLIO uses: marc-bib, marc-holdings, marc-authority. */
    public String path() {
        return path;
    }

    /** The default rules resource (src/main/resources/mapping-rules). */
    String resource() {
        return "/mapping-rules/" + resource;
    }

    public static Optional<RulesType> fromPath(String path) {
        for (RulesType t : values()) if (t.path.equals(path)) return Optional.of(t);
        return Optional.empty();
    }
}
