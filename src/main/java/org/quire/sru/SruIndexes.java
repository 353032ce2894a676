package org.quire.sru;

import org.quire.platform.cql.CqlBoolean;
import org.quire.platform.cql.CqlClause;
import org.quire.platform.cql.CqlException;
import org.quire.platform.cql.CqlNode;
import org.quire.platform.cql.CqlParser;
import org.quire.platform.cql.CqlQuery;
import org.quire.platform.cql.SortKey;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * SRU's CQL context sets onto mod-search's instance indexes: a query's {@code dc.title}, {@code bath.isbn} … are
 * rewritten to FOLIO's options (title, isbn …) so the search issue's CqlTranslator runs it. The context sets are
 * those SRU clients send (cql 1.2, Dublin Core 1.1, Bath 2.0, rec 1.1, identifiers as LoC's context-set list gives
 * them) and {@code folio}: mod-search's own indexes, also the default set, so an index without a prefix is FOLIO's
 * ({@code title=…}, {@code items.barcode==…}) as in FOLIO's own search.
 */
final class SruIndexes {
    /** Context set name → identifier, as listed in the explain record. */
    static final Map<String, String> CONTEXT_SETS = contextSets();

    /** {@code set.index} → FOLIO option, with a title for explain. */
    static final Map<String, Mapped> MAPPED = mapped();

    record Mapped(String folioIndex, String title) {
    }

    /** CQL relations SRU clients may send that mod-search has no meaning for. */
    private static final Set<String> UNSUPPORTED_RELATIONS = Set.of("within", "encloses");
    /**
     * Relation modifiers served: FOLIO's {@code /string}, and those that change nothing here (search is case- and
     * accent-insensitive). The parser refuses modifiers CQL 1.2 does not define as syntax errors (diagnostic 10).
     */
    private static final Set<String> MODIFIERS = Set.of("string", "ignorecase", "ignoreaccents");
    private static final Pattern UUID = Pattern.compile(
            "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");

    private SruIndexes() {
    }

    private static Map<String, String> contextSets() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("cql", "info:srw/cql-context-set/1/cql-v1.2");
        m.put("dc", "info:srw/cql-context-set/1/dc-v1.1");
        m.put("bath", "http://zing.z3950.org/cql/bath/2.0/");
        m.put("rec", "info:srw/cql-context-set/2/rec-1.1");
        // not a registered context set: mod-search's index names (folio-catalogue-api.md §1), Quire's identifier
        m.put("folio", "urn:quire:cql-context-set:folio-mod-search");
        return m;
    }

    private static Map<String, Mapped> mapped() {
        Map<String, Mapped> m = new LinkedHashMap<>();
        m.put("cql.serverchoice", new Mapped("keyword", "Any of title, series, contributors (FOLIO's keyword)"));
        m.put("cql.allrecords", new Mapped("cql.allRecords", "Every record"));
        m.put("dc.title", new Mapped("title", "Title"));
        m.put("dc.creator", new Mapped("contributors", "Creator (FOLIO's contributors)"));
        m.put("dc.contributor", new Mapped("contributors", "Contributor (FOLIO's contributors)"));
        m.put("dc.subject", new Mapped("subjects", "Subject"));
        m.put("dc.publisher", new Mapped("publisher", "Publisher"));
        m.put("dc.language", new Mapped("languages", "Language code"));
        m.put("dc.date", new Mapped("normalizedDate1", "Year of publication (FOLIO's normalizedDate1)"));
        m.put("bath.isbn", new Mapped("isbn", "ISBN"));
        m.put("bath.issn", new Mapped("issn", "ISSN"));
        m.put("bath.lccn", new Mapped("lccn", "LCCN"));
        m.put("rec.identifier", new Mapped("id", "Instance id (UUID) or HRID"));
        return m;
    }

    /** The query with its indexes in FOLIO's names; a refusal is a {@link SruDiagnostic.Fatal}. */
    static CqlQuery toFolio(String cql, String sortKeys) {
        CqlQuery parsed;
        try {
            parsed = CqlParser.parse(cql);
        } catch (CqlException e) {
            throw SruRequest.fatal(SruDiagnostic.QUERY_SYNTAX, e.getMessage());
        }
        List<SortKey> sort = sortKeys != null ? sortKeys(sortKeys) : parsed.sortKeys();
        List<SortKey> mappedSort = new ArrayList<>();
        for (SortKey k : sort) mappedSort.add(new SortKey(sortIndex(k.index()), k.descending()));
        return new CqlQuery(node(parsed.root()), mappedSort);
    }

    private static CqlNode node(CqlNode n) {
        return switch (n) {
            case CqlBoolean b -> {
                if (b.op().equals("prox")) throw SruRequest.fatal(SruDiagnostic.PROXIMITY_UNSUPPORTED, null);
                yield new CqlBoolean(b.op(), node(b.left()), node(b.right()));
            }
            case CqlClause c -> clause(c);
        };
    }

    private static CqlClause clause(CqlClause c) {
        if (UNSUPPORTED_RELATIONS.contains(c.relation())) throw SruRequest.fatal(SruDiagnostic.UNSUPPORTED_RELATION,
                c.relation());
        for (String modifier : c.relationModifiers()) {
            String name = modifier.split("[=<>]", 2)[0].toLowerCase(Locale.ROOT);
            if (!MODIFIERS.contains(name)) throw SruRequest.fatal(SruDiagnostic.UNSUPPORTED_RELATION_MODIFIER, modifier);
        }
        String relation = c.relation().equals("exact") ? "==" : c.relation(); // CQL 1.1's exact is 1.2's ==
        String index = c.index() == null ? "keyword" : folioIndex(c.index(), c.term());
        return new CqlClause(index, relation, c.relationModifiers(), c.term());
    }

    /** An index as written by the client → FOLIO's; unknown context sets and indexes are diagnostics 15 and 16. */
    static String folioIndex(String index, String term) {
        int dot = index.indexOf('.');
        String set = dot < 0 ? null : index.substring(0, dot).toLowerCase(Locale.ROOT);
        if (set == null || !CONTEXT_SETS.containsKey(set)) return index; // folio, the default context set
        if (set.equals("folio")) return index.substring(dot + 1);
        Mapped m = MAPPED.get(set + "." + index.substring(dot + 1).toLowerCase(Locale.ROOT));
        if (m == null) throw SruRequest.fatal(SruDiagnostic.UNSUPPORTED_INDEX, index);
        if (m.folioIndex().equals("id") && term != null && !UUID.matcher(term).matches()) return "hrid";
        return m.folioIndex();
    }

    private static String sortIndex(String index) {
        String folio = folioIndex(index, null);
        return switch (folio) {
            case "keyword", "cql.allRecords" -> "relevance";
            default -> folio;
        };
    }

    /**
     * SRU 1.2's {@code sortKeys}: space-separated keys, each {@code path,schema,ascending,caseSensitive,missingValue}
     * (only path and ascending are read; ascending "0" is descending).
     */
    private static List<SortKey> sortKeys(String sortKeys) {
        List<SortKey> keys = new ArrayList<>();
        for (String key : sortKeys.trim().split("\\s+")) {
            String[] parts = key.split(",", -1);
            if (parts[0].isBlank()) throw SruRequest.fatal(SruDiagnostic.UNSUPPORTED_PARAMETER_VALUE, "sortKeys");
            boolean descending = parts.length > 2 && parts[2].equals("0");
            if (parts.length > 2 && !parts[2].isEmpty() && !parts[2].equals("0") && !parts[2].equals("1")) {
                throw SruRequest.fatal(SruDiagnostic.UNSUPPORTED_PARAMETER_VALUE, "sortKeys");
            }
            keys.add(new SortKey(parts[0], descending));
        }
        return keys;
    }
}
