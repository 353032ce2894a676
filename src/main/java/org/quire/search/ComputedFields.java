package org.quire.search;

import com.fasterxml.jackson.databind.JsonNode;
import org.quire.search.callnumber.CallNumberScheme;
import org.quire.search.callnumber.ShelfKeys;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The rest of mod-search's instance search options (src/main/resources/model/instance.json): the "searchFields"
 * a processor computes (normalizedDate1, instanceTags/holdingsTags/itemTags, statisticalCodes, holdingsTypeId,
 * holdingsIdentifiers/itemIdentifiers,
 * uniformTitle, publicNotes/holdingsPublicNotes/itemPublicNotes, callNumber, itemEffectiveShelvingOrder, the full
 * and normalised call numbers of holdings and items), the further plain paths of "fields" (electronic access, notes,
 * tags of holdings and items …) and the searchAliases that join fields of different kinds
 * ({@code electronicAccess}, {@code authorityId}, {@code items.notes.note}).
 */
final class ComputedFields {
    private ComputedFields() {
    }

    static final String DATE1 = "normalizedDate1";
    static final String CALL_NUMBER = "callNumber";
    static final String CALL_NUMBER_TYPE = "callNumberType";
    /** FOLIO's own call-number types (source folio or system): any other type id is a tenant's, "local". */
    private static final Set<String> FOLIO_CALL_NUMBER_TYPES = folioCallNumberTypes();
    static final String ITEM_SHELVING_ORDER = "itemEffectiveShelvingOrder";
    static final String ITEM_NORMALIZED = "itemNormalizedCallNumbers";
    static final String HOLDINGS_NORMALIZED = "holdingsNormalizedCallNumbers";
    /** FOLIO's alternative title type "Uniform title" (reference data; mod-search UniformTitleProcessor). */
    static final String UNIFORM_TITLE_TYPE = "30512027-cdc9-4c79-af75-1565b3bd888d";

    static final Map<String, FieldKind> KINDS = kinds();

    private static Map<String, FieldKind> kinds() {
        Map<String, FieldKind> f = new LinkedHashMap<>();
        // computed ("searchFields"); normalizedDate1 is a "short": Quire keeps it as a zero-padded 5-digit keyword
        for (String k : List.of(DATE1, CALL_NUMBER)) f.put(k, FieldKind.KEYWORD);
        for (String icu : List.of("instanceTags", "holdingsTags", "itemTags", "statisticalCodes",
                "itemFullCallNumbers", "holdingsFullCallNumbers", ITEM_SHELVING_ORDER, "holdingsIdentifiers",
                "itemIdentifiers")) {
            f.put(icu, FieldKind.KEYWORD_ICU);
        }
        for (String lower : List.of("holdingsTypeId", ITEM_NORMALIZED, HOLDINGS_NORMALIZED, CALL_NUMBER_TYPE)) {
            f.put(lower, FieldKind.KEYWORD_LOWERCASE);
        }
        for (String ft : List.of("uniformTitle", "publicNotes", "holdingsPublicNotes", "itemPublicNotes")) {
            f.put(ft, FieldKind.FULLTEXT);
        }
        // plain paths of instance.json "fields" not yet indexed
        for (String ft : List.of("publication.place", "electronicAccess.linkText", "electronicAccess.publicNote",
                "holdings.electronicAccess.linkText", "holdings.electronicAccess.publicNote",
                "items.electronicAccess.linkText", "items.electronicAccess.publicNote", "holdings.tags.tagList",
                "items.tags.tagList", "holdings.notes.note", "holdings.administrativeNotes", "items.notes.note",
                "items.circulationNotes.note", "items.administrativeNotes")) {
            f.put(ft, FieldKind.FULLTEXT);
        }
        for (String icu : List.of("holdings.electronicAccess.uri", "items.electronicAccess.uri",
                "holdings.statisticalCodeIds", "items.statisticalCodeIds", "items.formerIds")) {
            f.put(icu, FieldKind.KEYWORD_ICU);
        }
        for (String lower : List.of("alternativeTitles.authorityId", "series.authorityId", "subjects.sourceId",
                "subjects.typeId", "items.itemLevelCallNumberTypeId", "holdings.metadata.createdByUserId",
                "holdings.metadata.updatedByUserId", "items.metadata.createdByUserId",
                "items.metadata.updatedByUserId")) {
            f.put(lower, FieldKind.KEYWORD_LOWERCASE);
        }
        for (String exact : List.of("holdings.tenantId", "items.tenantId")) f.put(exact, FieldKind.KEYWORD);
        for (String bool : List.of("contributors.primary", "notes.staffOnly", "holdings.notes.staffOnly",
                "items.notes.staffOnly", "items.circulationNotes.staffOnly")) {
            f.put(bool, FieldKind.BOOL);
        }
        return Map.copyOf(f);
    }

    /** searchAliases naming other fields (instance.json), possibly of different kinds. */
    static final Map<String, List<String>> ALIASES = Map.ofEntries(
            Map.entry("electronicAccess", List.of("electronicAccess.uri", "electronicAccess.linkText",
                    "electronicAccess.publicNote")),
            Map.entry("holdings.electronicAccess", List.of("holdings.electronicAccess.uri",
                    "holdings.electronicAccess.linkText", "holdings.electronicAccess.publicNote")),
            Map.entry("items.electronicAccess", List.of("items.electronicAccess.uri",
                    "items.electronicAccess.linkText", "items.electronicAccess.publicNote")),
            Map.entry("items.notes.note", List.of("items.notes.note", "items.circulationNotes.note")),
            Map.entry("authorityId", List.of("contributors.authorityId", "subjects.authorityId",
                    "series.authorityId", "alternativeTitles.authorityId")),
            Map.entry("sourceId", List.of("subjects.sourceId")),
            Map.entry("typeId", List.of("subjects.typeId")),
            Map.entry("items.effectiveCallNumberComponents", List.of("itemFullCallNumbers")),
            Map.entry("items.fullCallNumber", List.of("itemFullCallNumbers")),
            Map.entry("holdings.fullCallNumber", List.of("holdingsFullCallNumbers")),
            Map.entry("items.normalizedCallNumbers", List.of(ITEM_NORMALIZED)),
            Map.entry("holdings.normalizedCallNumbers", List.of(HOLDINGS_NORMALIZED)),
            Map.entry("items.effectiveShelvingOrder", List.of(ITEM_SHELVING_ORDER)));

    /** The computed fields' values of an instance with its holdings and items. */
    static Map<String, List<String>> values(JsonNode instance, JsonNode holdings, JsonNode items) {
        Map<String, List<String>> v = new LinkedHashMap<>();
        v.put(DATE1, List.of(pad(date1(instance.path("dates").path("date1").asText("")))));
        v.put("instanceTags", tags(List.of(instance)));
        v.put("holdingsTags", tags(holdings));
        v.put("itemTags", tags(items));
        // StatisticalCodesProcessor (current): the instance's, its holdings' and its items' statisticalCodeIds
        List<String> codes = texts(List.of(instance), "statisticalCodeIds");
        for (String c : texts(holdings, "statisticalCodeIds")) if (!codes.contains(c)) codes.add(c);
        for (String c : texts(items, "statisticalCodeIds")) if (!codes.contains(c)) codes.add(c);
        v.put("statisticalCodes", codes);
        v.put("holdingsTypeId", texts(holdings, "holdingsTypeId"));
        List<String> uniform = new ArrayList<>();
        for (JsonNode t : instance.path("alternativeTitles")) {
            if (UNIFORM_TITLE_TYPE.equals(t.path("alternativeTitleTypeId").asText())) {
                String title = t.path("alternativeTitle").asText("");
                if (!title.isBlank()) uniform.add(title);
            }
        }
        v.put("uniformTitle", uniform);
        v.put("publicNotes", publicNotes(List.of(instance), "notes"));
        v.put("holdingsPublicNotes", publicNotes(holdings, "notes"));
        List<String> itemNotes = publicNotes(items, "notes");
        itemNotes.addAll(publicNotes(items, "circulationNotes"));
        v.put("itemPublicNotes", itemNotes);

        Set<String> itemFull = new LinkedHashSet<>();
        Set<String> itemNormalized = new LinkedHashSet<>();
        Set<String> shelfKeys = new LinkedHashSet<>();
        Set<String> types = new java.util.TreeSet<>();
        for (JsonNode item : items) {
            JsonNode cn = item.path("effectiveCallNumberComponents");
            String type = callNumberType(cn.path("typeId").asText(""));
            if (type != null) types.add(type);
            String prefix = cn.path("prefix").asText(null);
            String number = cn.path("callNumber").asText(null);
            String suffix = cn.path("suffix").asText(null);
            String full = join(" ", prefix, number, suffix);
            if (!full.isEmpty()) itemFull.add(full);
            addNormalized(itemNormalized, prefix, number, suffix);
            if (number != null && !number.isBlank()) {
                CallNumberScheme scheme = CallNumberScheme.fromTypeId(cn.path("typeId").asText(null)).orElse(null);
                shelfKeys.add(ShelfKeys.forItem(scheme, number, item.path("volume").asText(null),
                        item.path("enumeration").asText(null), item.path("chronology").asText(null),
                        item.path("copyNumber").asText(null), suffix));
            }
        }
        Set<String> holdingsFull = new LinkedHashSet<>();
        Set<String> holdingsNormalized = new LinkedHashSet<>();
        for (JsonNode h : holdings) {
            String prefix = h.path("callNumberPrefix").asText(null);
            String number = h.path("callNumber").asText(null);
            String suffix = h.path("callNumberSuffix").asText(null);
            String full = join(" ", prefix, number, suffix);
            if (!full.isEmpty()) holdingsFull.add(full);
            addNormalized(holdingsNormalized, prefix, number, suffix);
        }
        v.put("itemFullCallNumbers", new ArrayList<>(itemFull));
        v.put(ITEM_NORMALIZED, new ArrayList<>(itemNormalized));
        v.put("holdingsFullCallNumbers", new ArrayList<>(holdingsFull));
        v.put(HOLDINGS_NORMALIZED, new ArrayList<>(holdingsNormalized));
        // HoldingsIdentifiersProcessor: formerIds, hrid, id; ItemIdentifiersProcessor: formerIds, hrid, accessionNumber
        List<String> holdingsIds = texts(holdings, "formerIds");
        holdingsIds.addAll(texts(holdings, "hrid"));
        holdingsIds.addAll(texts(holdings, "id"));
        v.put("holdingsIdentifiers", holdingsIds);
        List<String> itemIds = texts(items, "formerIds");
        itemIds.addAll(texts(items, "hrid"));
        itemIds.addAll(texts(items, "accessionNumber"));
        v.put("itemIdentifiers", itemIds);
        v.put(CALL_NUMBER, new ArrayList<>(shelfKeys));
        v.put(CALL_NUMBER_TYPE, new ArrayList<>(types));
        v.put(ITEM_SHELVING_ORDER, new ArrayList<>(shelfKeys));
        return v;
    }

    /**
     * mod-search's CallNumberTypeProcessor: the name of an item's call-number type in mod-search's CallNumberType (LC,
     * DEWEY, NLM, SUDOC, OTHER; keyword_lowercase, so searched as lc, dewey …), LOCAL for a type FOLIO does not ship
     * (a tenant's own), null for none and for FOLIO's other types.
     */
    static String callNumberType(String typeId) {
        if (typeId.isBlank()) return null;
        var scheme = CallNumberScheme.fromTypeId(typeId);
        if (scheme.isPresent()) return scheme.get().name();
        return FOLIO_CALL_NUMBER_TYPES.contains(typeId.trim().toLowerCase(Locale.ROOT)) ? null : "LOCAL";
    }

    private static Set<String> folioCallNumberTypes() {
        try (var in = ComputedFields.class.getResourceAsStream("/reference/call-number-types.json")) {
            Set<String> ids = new java.util.HashSet<>();
            for (JsonNode t : org.quire.platform.Json.MAPPER.readTree(in)) {
                ids.add(t.path("id").asText().toLowerCase(Locale.ROOT));
            }
            return Set.copyOf(ids);
        } catch (java.io.IOException | RuntimeException e) {
            throw new IllegalStateException("FOLIO's call-number types (reference/call-number-types.json)", e);
        }
    }

    /**
     * mod-search's Date1FieldProcessor: every non-digit of {@code dates.date1} becomes 0 ("199u" → 1990), a value
     * of 1–4 digits is the year, anything else (and no date1) is 0.
     */
    static int date1(String date1) {
        if (date1 == null) return 0;
        // Per code point, as the regular expressions \D → 0 and \d{1,4} read it (only ASCII digits are
        // digits); a loop, not String.replaceAll, which compiles its pattern at every call of this per-document code.
        int year = 0, length = 0;
        for (int i = 0; i < date1.length(); ) {
            int c = date1.codePointAt(i);
            if (++length > 4) return 0;
            year = year * 10 + (c >= '0' && c <= '9' ? c - '0' : 0);
            i += Character.charCount(c);
        }
        return year;
    }

    private static String pad(int year) {
        return String.format(Locale.ROOT, "%05d", year);
    }

    /** Tags processors: each tagList value trimmed, blanks dropped. */
    private static List<String> tags(Iterable<JsonNode> records) {
        Set<String> out = new LinkedHashSet<>();
        for (JsonNode r : records) {
            for (JsonNode tag : r.path("tags").path("tagList")) {
                if (tag.isTextual() && !tag.asText().isBlank()) out.add(tag.asText().strip());
            }
        }
        return new ArrayList<>(out);
    }

    private static List<String> texts(Iterable<JsonNode> records, String field) {
        Set<String> out = new LinkedHashSet<>();
        for (JsonNode r : records) {
            JsonNode v = r.path(field);
            for (JsonNode x : v.isArray() ? v : List.of(v)) {
                if (x.isTextual() && !x.asText().isBlank()) out.add(x.asText());
            }
        }
        return new ArrayList<>(out);
    }

    /** AbstractPublicNotesProcessor: the notes whose {@code staffOnly} is absent or false. */
    private static List<String> publicNotes(Iterable<JsonNode> records, String field) {
        List<String> out = new ArrayList<>();
        for (JsonNode r : records) {
            for (JsonNode note : r.path(field)) {
                String text = note.path("note").asText("");
                if (!note.path("staffOnly").asBoolean(false) && !text.isBlank()) out.add(text);
            }
        }
        return out;
    }

    private static String join(String sep, String... parts) {
        return Stream.of(parts).filter(p -> p != null && !p.isBlank()).map(String::strip)
                .collect(Collectors.joining(sep));
    }

    /** ItemNormalizedCallNumbersProcessor: with and without the prefix, each lowercased and alphanumeric only. */
    private static void addNormalized(Set<String> out, String prefix, String number, String suffix) {
        String with = normalizeCallNumber(join("", prefix, number, suffix));
        String without = normalizeCallNumber(join("", number, suffix));
        if (!with.isEmpty()) out.add(with);
        if (!without.isEmpty()) out.add(without);
    }

    /** SearchUtils.getNormalizedCallNumber: lower case, only a–z and 0–9 kept ({@code *} too for a query). */
    static String normalizeCallNumber(String value) {
        // Lower case first: a few other letters become a–z (the Kelvin sign k). A loop: no pattern compiled per call.
        String lower = value.toLowerCase(Locale.ROOT);
        StringBuilder kept = new StringBuilder(lower.length());
        for (int i = 0; i < lower.length(); i++) {
            char c = lower.charAt(i);
            if (c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '*') kept.append(c);
        }
        return kept.toString();
    }

    /** The query of a computed option or alias, or null if {@code index} is none of them. */
    static SearchQuery query(String index, String relation, String term) {
        String name = index.startsWith("item.") ? "items." + index.substring("item.".length()) : index;
        boolean wildcard = CqlTranslator.hasWildcard(term);
        switch (name) {
            case DATE1 -> {
                return date1Query(relation, CqlTranslator.unescape(term));
            }
            case CALL_NUMBER -> {
                return callNumberQuery(relation, term);
            }
            case ITEM_NORMALIZED, HOLDINGS_NORMALIZED, "items.normalizedCallNumbers",
                    "holdings.normalizedCallNumbers" -> {
                // callNumberSearchTermProcessor: the term normalised as the values are
                String field = ALIASES.getOrDefault(name, List.of(name)).getFirst();
                String t = normalizeCallNumber(CqlTranslator.unescape(term));
                if (t.replace("*", "").isEmpty()) return new SearchQuery.None();
                SearchQuery q = t.indexOf('*') >= 0 ? new SearchQuery.Wildcard(List.of(field), t)
                        : new SearchQuery.Term(field, t);
                return negateIf(relation, q);
            }
            default -> {
            }
        }
        List<String> fields = ALIASES.get(name);
        if (fields == null) return null;
        if (wildcard) {
            if (term.chars().allMatch(ch -> ch == '*')) return new SearchQuery.All();
            return negateIf(relation, new SearchQuery.Wildcard(fields, term));
        }
        String value = CqlTranslator.unescape(term);
        if (relation.equals("<>")) {
            return new SearchQuery.Not(new SearchQuery.All(), aliased(fields, "=", value));
        }
        return aliased(fields, relation, value);
    }

    /** An alias over fields of any kinds: the full-text ones together (cross fields), each term field alone. */
    private static SearchQuery aliased(List<String> fields, String relation, String value) {
        List<String> text = fields.stream().filter(f -> kindOf(f) == FieldKind.FULLTEXT).toList();
        List<SearchQuery> any = new ArrayList<>();
        if (!text.isEmpty()) any.add(CqlTranslator.fullText(text, relation, value, false));
        for (String f : fields) {
            if (kindOf(f) != FieldKind.FULLTEXT) any.add(CqlTranslator.term(f, relation, value));
        }
        return any.size() == 1 ? any.getFirst() : new SearchQuery.Or(any);
    }

    private static FieldKind kindOf(String field) {
        return SearchFields.FIELDS.get(field);
    }

    private static SearchQuery negateIf(String relation, SearchQuery q) {
        return switch (relation) {
            case "=", "==", "all", "any", "adj" -> q;
            case "<>" -> new SearchQuery.Not(new SearchQuery.All(), q);
            default -> throw CqlTranslator.unsupported(relation);
        };
    }

    /**
     * {@code normalizedDate1} is a year (a "short" in mod-search): equality and ranges on it; a term that is not a
     * whole number from 0 to 32767 is a 400 (OpenSearch cannot parse it as a short).
     */
    private static SearchQuery date1Query(String relation, String term) {
        int year;
        try {
            year = Integer.parseInt(term.strip());
        } catch (NumberFormatException e) {
            throw new InvalidSearch("Invalid value for normalizedDate1: a year is expected", DATE1, term);
        }
        if (year < 0 || year > Short.MAX_VALUE) {
            throw new InvalidSearch("Invalid value for normalizedDate1: a year is expected", DATE1, term);
        }
        return CqlTranslator.term(DATE1, relation, pad(year));
    }

    /**
     * {@code callNumber}: the items' shelf keys (mod-search indexes items' effectiveShelvingOrder and turns the term
     * into one with EffectiveShelvingOrderTermProcessor), so {@code callNumber >= "QA76"} is shelf order, not
     * character order. A term with {@code *} is a prefix of the shelf key of its literal part.
     */
    private static SearchQuery callNumberQuery(String relation, String term) {
        if (CqlTranslator.hasWildcard(term)) {
            String literal = CqlTranslator.unescape(term.replace("*", "")).strip();
            if (literal.isEmpty()) return new SearchQuery.All();
            String key = ShelfKeys.of(literal);
            return negateIf(relation, new SearchQuery.Wildcard(List.of(CALL_NUMBER), escape(key) + "*"));
        }
        String value = CqlTranslator.unescape(term);
        if (value.isBlank()) return new SearchQuery.None();
        return CqlTranslator.term(CALL_NUMBER, relation, ShelfKeys.of(value));
    }

    private static String escape(String literal) {
        StringBuilder out = new StringBuilder();
        for (char ch : literal.toCharArray()) {
            if (ch == '\\' || ch == '*') out.append('\\');
            out.append(ch);
        }
        return out.toString();
    }
}
