package org.quire.dataimport;

import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.List;
import java.util.Set;

/**
 * An existing instance re-mapped from an incoming MARC record, as mod-inventory's ReplaceInstanceEventHandler does
 * for a MARC-source instance: the fields MARC controls are replaced by what the rules map from the incoming record
 * (and dropped when the record no longer maps them); everything else — id, HRID, {@code _version} (so optimistic
 * locking sees the version it read), metadata, status, statistical codes, suppressions, cataloged date, relations,
 * administrative notes, tags — is kept. The MARC-controlled fields are those FOLIO's default update mapping profile
 * ("Inventory Single Record - Default Update Instance", 862000b9-…) shows disabled, less {@code hrid}, which FOLIO
 * keeps; plus {@code dates}, which the rules map from the 008; plus any other field the rules map that is not one of
 * the instance's own administrative fields.
 */
final class UpdatedInstance {
    private UpdatedInstance() {
    }

    static final List<String> MARC_CONTROLLED = List.of("source", "modeOfIssuanceId", "title", "alternativeTitles",
            "indexTitle", "series", "precedingTitles", "succeedingTitles", "identifiers", "contributors",
            "publication", "editions", "physicalDescriptions", "instanceTypeId", "instanceFormatIds", "languages",
            "publicationFrequency", "publicationRange", "notes", "electronicAccess", "subjects", "classifications",
            "dates");

    /** Fields the update never takes from the rules (the update mapping profile's enabled fields, and identity). */
    private static final Set<String> KEPT = Set.of("id", "hrid", "_version", "metadata", "discoverySuppress",
            "staffSuppress", "previouslyHeld", "catalogedDate", "statusId", "statusUpdatedDate", "statisticalCodeIds",
            "natureOfContentTermIds", "parentInstances", "childInstances", "administrativeNotes", "tags",
            "deleted");

    static ObjectNode of(ObjectNode existing, ObjectNode mapped) {
        ObjectNode next = existing.deepCopy();
        for (String f : MARC_CONTROLLED) next.remove(f);
        for (var e : mapped.properties()) {
            if (KEPT.contains(e.getKey())) continue;
            next.set(e.getKey(), e.getValue());
        }
        next.put("source", "MARC");
        return next;
    }
}
