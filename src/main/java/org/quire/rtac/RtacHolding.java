package org.quire.rtac;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;

import java.util.List;

/**
 * One row of a real-time availability answer: an item, or a holdings record standing for its items (periodicals
 * without fullPeriodicals, holdings without items). Field names are mod-rtac's RtacHolding and edge-rtac's Holding.
 *
 * @param id     the item id, or the holdings id for a holdings-level row
 * @param status the item status name, or for a holdings-level row the first holdings statement ("Multi" if none)
 */
public record RtacHolding(String id, String barcode, String location, String locationCode, String locationId,
                          String callNumber, String status, String dueDate, String volume, String temporaryLoanType,
                          String permanentLoanType, Named materialType, Library library, Boolean suppressFromDiscovery,
                          int totalHoldRequests, List<Note> notes, List<Statement> holdingsStatements,
                          List<Statement> holdingsStatementsForIndexes, List<Statement> holdingsStatementsForSupplements,
                          String holdingsCopyNumber, String itemCopyNumber) {

    public record Named(String id, String name) {
    }

    public record Library(String id, String name, String code) {
    }

    /** A public holdings note (staff-only notes never leave the building). */
    public record Note(String holdingsNoteTypeName, String note) {
    }

    /** A holdings statement without its staffNote, which is not for patrons. */
    public record Statement(String statement, String note) {
    }

    /** FOLIO's JSON: absent values are left out, as RMB and edge-rtac (NON_NULL) do. */
    public ObjectNode toJson() {
        ObjectNode o = Json.object();
        put(o, "id", id);
        put(o, "barcode", barcode);
        put(o, "location", location);
        put(o, "locationCode", locationCode);
        put(o, "locationId", locationId);
        put(o, "callNumber", callNumber);
        put(o, "status", status);
        put(o, "dueDate", dueDate);
        put(o, "volume", volume);
        put(o, "temporaryLoanType", temporaryLoanType);
        put(o, "permanentLoanType", permanentLoanType);
        if (materialType != null) {
            ObjectNode m = o.putObject("materialType");
            put(m, "id", materialType.id());
            put(m, "name", materialType.name());
        }
        if (library != null) {
            ObjectNode l = o.putObject("library");
            put(l, "id", library.id());
            put(l, "name", library.name());
            put(l, "code", library.code());
        }
        if (suppressFromDiscovery != null) o.put("suppressFromDiscovery", suppressFromDiscovery);
        o.put("totalHoldRequests", totalHoldRequests);
        if (!notes.isEmpty()) {
            var a = o.putArray("notes");
            for (Note n : notes) {
                ObjectNode e = a.addObject();
                put(e, "holdingsNoteTypeName", n.holdingsNoteTypeName());
                put(e, "note", n.note());
            }
        }
        statements(o, "holdingsStatements", holdingsStatements);
        statements(o, "holdingsStatementsForIndexes", holdingsStatementsForIndexes);
        statements(o, "holdingsStatementsForSupplements", holdingsStatementsForSupplements);
        put(o, "holdingsCopyNumber", holdingsCopyNumber);
        put(o, "itemCopyNumber", itemCopyNumber);
        return o;
    }

    private static void statements(ObjectNode o, String field, List<Statement> list) {
        var a = o.putArray(field);
        for (Statement s : list) {
            ObjectNode e = a.addObject();
            put(e, "statement", s.statement());
            put(e, "note", s.note());
        }
    }

    private static void put(ObjectNode o, String field, String value) {
        if (value != null) o.put(field, value);
    }
}
