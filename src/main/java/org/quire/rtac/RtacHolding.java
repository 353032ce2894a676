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

    public static Builder builder() {
        return new Builder();
    }

    /**
     * Builds a row by name rather than by position among 21 components. Lists default to empty, the hold count to 0,
     * everything else to absent.
     */
    public static final class Builder {
        private String id, barcode, location, locationCode, locationId, callNumber, status, dueDate, volume;
        private String temporaryLoanType, permanentLoanType, holdingsCopyNumber, itemCopyNumber;
        private Named materialType;
        private Library library;
        private Boolean suppressFromDiscovery;
        private int totalHoldRequests;
        private List<Note> notes = List.of();
        private List<Statement> holdingsStatements = List.of(), holdingsStatementsForIndexes = List.of(),
                holdingsStatementsForSupplements = List.of();

        private Builder() {
        }

        public Builder id(String v) {
            id = v;
            return this;
        }

        public Builder barcode(String v) {
            barcode = v;
            return this;
        }

        /** The location's name, code and id. */
        public Builder location(String name, String code, String locationId) {
            location = name;
            locationCode = code;
            this.locationId = locationId;
            return this;
        }

        public Builder callNumber(String v) {
            callNumber = v;
            return this;
        }

        public Builder status(String v) {
            status = v;
            return this;
        }

        public Builder dueDate(String v) {
            dueDate = v;
            return this;
        }

        public Builder volume(String v) {
            volume = v;
            return this;
        }

        public Builder temporaryLoanType(String v) {
            temporaryLoanType = v;
            return this;
        }

        public Builder permanentLoanType(String v) {
            permanentLoanType = v;
            return this;
        }

        public Builder materialType(Named v) {
            materialType = v;
            return this;
        }

        public Builder library(Library v) {
            library = v;
            return this;
        }

        public Builder suppressFromDiscovery(Boolean v) {
            suppressFromDiscovery = v;
            return this;
        }

        public Builder totalHoldRequests(int v) {
            totalHoldRequests = v;
            return this;
        }

        public Builder notes(List<Note> v) {
            notes = v;
            return this;
        }

        /** The holdings record's statements, statements for indexes and statements for supplements. */
        public Builder statements(List<Statement> statements, List<Statement> forIndexes, List<Statement> forSupplements) {
            holdingsStatements = statements;
            holdingsStatementsForIndexes = forIndexes;
            holdingsStatementsForSupplements = forSupplements;
            return this;
        }

        public Builder holdingsCopyNumber(String v) {
            holdingsCopyNumber = v;
            return this;
        }

        public Builder itemCopyNumber(String v) {
            itemCopyNumber = v;
            return this;
        }

        public RtacHolding build() {
            return new RtacHolding(id, barcode, location, locationCode, locationId, callNumber, status, dueDate, volume,
                    temporaryLoanType, permanentLoanType, materialType, library, suppressFromDiscovery, totalHoldRequests,
                    notes, holdingsStatements, holdingsStatementsForIndexes, holdingsStatementsForSupplements,
                    holdingsCopyNumber, itemCopyNumber);
        }
    }

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
