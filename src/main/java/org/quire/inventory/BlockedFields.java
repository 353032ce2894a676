package org.quire.inventory;

import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * mod-inventory's configuration of the fields of a MARC-source instance (and a MARC-source holdings record) that the
 * Inventory app must not let staff edit: InventoryConfigurationImpl's INSTANCE_BLOCKED_FIELDS and
 * HOLDINGS_BLOCKED_FIELDS (the Instance.*_KEY constants are these property names), served by its
 * InventoryConfigApi.
 */
final class BlockedFields {
    private BlockedFields() {
    }

    static final Set<String> INSTANCE = folioOrder(List.of("hrid", "source", "alternativeTitles", "series",
            "identifiers", "contributors", "editions", "physicalDescriptions", "instanceFormatIds", "languages",
            "publication", "publicationFrequency", "publicationRange", "notes", "electronicAccess", "subjects",
            "classifications", "title", "indexTitle", "instanceTypeId", "modeOfIssuanceId", "precedingTitles",
            "succeedingTitles"));

    static final Set<String> HOLDINGS = folioOrder(List.of("formerIds", "holdingsTypeId", "permanentLocationId",
            "shelvingTitle", "copyNumber", "callNumberTypeId", "callNumberPrefix", "callNumber", "callNumberSuffix",
            "holdingsStatements", "holdingsStatementsForIndexes", "holdingsStatementsForSupplements", "notes",
            "electronicAccess"));

    /**
     * FOLIO builds each set with Guava's Sets.newHashSet(E...) — a HashSet sized for the elements, filled in the
     * declared order — and encodes it in iteration order. The same sizing and insertion order give the same order
     * here, so the answer's text is FOLIO's.
     */
    private static Set<String> folioOrder(List<String> fields) {
        Set<String> set = new HashSet<>((int) Math.ceil(fields.size() / 0.75));
        set.addAll(fields);
        return Collections.unmodifiableSet(set);
    }
}
