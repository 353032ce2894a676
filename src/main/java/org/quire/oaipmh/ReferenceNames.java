package org.quire.oaipmh;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A tenant's names of what holdings records and items point to, as marc21_withholdings prints them: by kind and id
 * ({@code l} location, {@code m} material type, {@code t} loan type, {@code c} call number type, {@code i} ILL
 * policy; the id as text, so that a malformed id inside the JSON matches nothing and never fails), and the electronic
 * access relationships' names by id (856 indicators). Read whole by {@link OaiStore#referenceNames}.
 */
record ReferenceNames(Map<String, OaiStore.Location> byKindAndId, Map<String, String> relationships) {

    /** The kind-and-id keys these rows point to that have no name here (a record added since, or a dangling id). */
    Set<String> missing(List<OaiStore.HoldingsRow> rows) {
        Set<String> out = new HashSet<>();
        for (OaiStore.HoldingsRow r : rows) {
            addIfMissing(out, "l", r.location());
            addIfMissing(out, "m", r.materialType());
            addIfMissing(out, "t", r.permanentLoanType());
            addIfMissing(out, "t", r.temporaryLoanType());
            addIfMissing(out, "c", r.callNumberType());
            addIfMissing(out, "i", r.illPolicy());
        }
        return out;
    }

    /** The rows with their names (none for an id without a record, or no id). */
    List<OaiStore.HoldingsItem> items(List<OaiStore.HoldingsRow> rows) {
        List<OaiStore.HoldingsItem> out = new ArrayList<>(rows.size());
        for (OaiStore.HoldingsRow r : rows) {
            out.add(new OaiStore.HoldingsItem(r.own(), of("l", r.location()), of("m", r.materialType()).name(),
                    of("t", r.permanentLoanType()).name(), of("t", r.temporaryLoanType()).name(),
                    of("c", r.callNumberType()).name(), of("i", r.illPolicy()).name()));
        }
        return out;
    }

    private OaiStore.Location of(String kind, Object id) {
        return id == null ? OaiStore.Location.NONE : byKindAndId.getOrDefault(kind + id, OaiStore.Location.NONE);
    }

    private void addIfMissing(Set<String> out, String kind, Object id) {
        if (id != null && !byKindAndId.containsKey(kind + id)) out.add(kind + id);
    }
}
