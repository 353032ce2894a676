package org.quire.sru;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * An SRU request as read from its parameters (SRU 1.2 "searchRetrieve operation" / OASIS searchRetrieve 2.0 §5),
 * or the fatal diagnostic that refused it. The version and operation are kept even when refused, so the answer is
 * in the namespace and response type the client can read.
 *
 * @param maximumRecords already capped at {@link #MAX_RECORDS} (the standard lets the server return fewer)
 * @param escapeRecords  {@code recordPacking=string} (1.x) / {@code recordXMLEscaping=string} (2.0): each record
 *                       as escaped text instead of XML
 * @param sortKeys       SRU 1.2's {@code sortKeys}, or null
 */
public record SruRequest(SruVersion version, Operation operation, String query, int startRecord, int maximumRecords,
                         SruSchema schema, boolean escapeRecords, String sortKeys, SruDiagnostic refused) {

    public enum Operation { EXPLAIN, SEARCH_RETRIEVE, OTHER }

    static final int DEFAULT_RECORDS = 10;
    static final int MAX_RECORDS = 100;

    /** Parameters of either version; {@code x-} extensions and edge API keys are ignored, any other is diagnostic 8. */
    private static final Set<String> KNOWN = Set.of("operation", "version", "query", "queryType", "startRecord",
            "maximumRecords", "recordPacking", "recordXMLEscaping", "recordSchema", "recordXPath", "resultSetTTL",
            "sortKeys", "stylesheet", "httpAccept", "extraRequestData", "apikey", "apiKey");

    public static SruRequest parse(Map<String, List<String>> params) {
        String versionText = first(params, "version").orElse(null);
        SruVersion version = SruVersion.of(versionText);
        Optional<String> query = first(params, "query");
        Operation operation = first(params, "operation").map(o -> switch (o.trim()) {
            case "explain" -> Operation.EXPLAIN;
            case "searchRetrieve" -> Operation.SEARCH_RETRIEVE;
            default -> Operation.OTHER;
        }).orElse(query.isPresent() ? Operation.SEARCH_RETRIEVE : Operation.EXPLAIN); // 2.0: no query is explain
        if (version == null) {
            return refused(SruVersion.HIGHEST, operation, SruDiagnostic.UNSUPPORTED_VERSION, SruVersion.HIGHEST.text);
        }
        try {
            return read(params, version, operation, query);
        } catch (SruDiagnostic.Fatal f) {
            return new SruRequest(version, operation, null, 1, 0, SruSchema.MARCXML, false, null, f.diagnostic());
        }
    }

    private static SruRequest read(Map<String, List<String>> params, SruVersion version, Operation operation,
                                   Optional<String> query) {
        // the operation first: scan's own parameters (scanClause …) are not unknown, the operation is unsupported
        if (operation == Operation.OTHER) {
            throw fatal(SruDiagnostic.UNSUPPORTED_OPERATION, first(params, "operation").orElseThrow());
        }
        for (String name : params.keySet()) {
            if (!KNOWN.contains(name) && !name.startsWith("x-")) throw fatal(SruDiagnostic.UNSUPPORTED_PARAMETER, name);
        }
        if (first(params, "stylesheet").isPresent()) throw fatal(SruDiagnostic.STYLESHEETS_UNSUPPORTED, null);
        if (first(params, "recordXPath").isPresent()) throw fatal(SruDiagnostic.XPATH_UNSUPPORTED, null);
        boolean escape = escaping(params, version);
        if (operation == Operation.EXPLAIN) {
            return new SruRequest(version, operation, null, 1, 0, SruSchema.MARCXML, escape, null, null);
        }
        String cql = query.filter(q -> !q.isBlank())
                .orElseThrow(() -> fatal(SruDiagnostic.MANDATORY_PARAMETER, "query"));
        first(params, "queryType").filter(t -> !t.trim().equals("cql"))
                .ifPresent(t -> { throw fatal(SruDiagnostic.UNSUPPORTED_PARAMETER_VALUE, "queryType"); });
        int start = number(params, "startRecord", 1);
        if (start < 1) throw fatal(SruDiagnostic.FIRST_RECORD_OUT_OF_RANGE, String.valueOf(start));
        int max = number(params, "maximumRecords", DEFAULT_RECORDS);
        if (max < 0) throw fatal(SruDiagnostic.UNSUPPORTED_PARAMETER_VALUE, "maximumRecords");
        SruSchema schema = SruSchema.MARCXML;
        Optional<String> schemaName = first(params, "recordSchema").filter(s -> !s.isBlank());
        if (schemaName.isPresent()) {
            schema = SruSchema.of(schemaName.get());
            if (schema == null) throw fatal(SruDiagnostic.UNKNOWN_SCHEMA, schemaName.get());
        }
        String sortKeys = first(params, "sortKeys").filter(s -> !s.isBlank()).orElse(null);
        return new SruRequest(version, operation, cql, start, Math.min(max, MAX_RECORDS), schema, escape, sortKeys,
                null);
    }

    /**
     * Whether records are sent as escaped text: 1.x's {@code recordPacking} xml|string; 2.0 renamed it
     * {@code recordXMLEscaping} and gave {@code recordPacking} the values packed|unpacked (only packed records are
     * served: unpacked is answered packed, as the standard allows). Either name is read in either version, as
     * clients mix them up.
     */
    private static boolean escaping(Map<String, List<String>> params, SruVersion version) {
        Optional<String> escaping = first(params, "recordXMLEscaping");
        Optional<String> packing = first(params, "recordPacking").map(p -> p.trim().toLowerCase(Locale.ROOT));
        if (packing.isPresent() && !Set.of("xml", "string", "packed", "unpacked").contains(packing.get())) {
            throw fatal(SruDiagnostic.UNSUPPORTED_PACKING, packing.get());
        }
        String value = escaping.map(e -> e.trim().toLowerCase(Locale.ROOT))
                .or(() -> packing.filter(p -> p.equals("xml") || p.equals("string")))
                .orElse("xml");
        return switch (value) {
            case "xml" -> false;
            case "string" -> true;
            default -> throw fatal(SruDiagnostic.UNSUPPORTED_PACKING, value);
        };
    }

    private static int number(Map<String, List<String>> params, String name, int dflt) {
        Optional<String> v = first(params, name).filter(s -> !s.isBlank());
        if (v.isEmpty()) return dflt;
        try {
            return Integer.parseInt(v.get().trim());
        } catch (NumberFormatException e) {
            throw fatal(SruDiagnostic.UNSUPPORTED_PARAMETER_VALUE, name);
        }
    }

    private static SruRequest refused(SruVersion v, Operation op, int code, String details) {
        return new SruRequest(v, op, null, 1, 0, SruSchema.MARCXML, false, null, new SruDiagnostic(code, details));
    }

    static SruDiagnostic.Fatal fatal(int code, String details) {
        return new SruDiagnostic.Fatal(code, details);
    }

    private static Optional<String> first(Map<String, List<String>> params, String name) {
        List<String> v = params.get(name);
        return v == null || v.isEmpty() ? Optional.empty() : Optional.of(v.getFirst());
    }
}
