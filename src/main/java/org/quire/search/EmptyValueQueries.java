package org.quire.search;

import java.util.ArrayList;
import java.util.List;

/**
 * mod-search's empty-value forms (folio-catalogue-api.md §1.3; cql/builders/EqualTermQueryBuilder and
 * ExactTermQueryBuilder):
 * <ul>
 *   <li>{@code field=""}: the field exists (has any value, an empty string included) — full-text fields are asked on
 *       their plain copy, which holds every value;</li>
 *   <li>{@code field==""}: a value that is the empty string (the plain copy's term "" for full text);</li>
 *   <li>{@code field=="[]"}: no value at all (missing or an empty array) — full text and {@code keyword} fields
 *       only; on other term fields "[]" is an ordinary value, as in mod-search.</li>
 * </ul>
 */
final class EmptyValueQueries {
    static final String EMPTY_ARRAY = "[]";

    private EmptyValueQueries() {
    }

    /** The query of an empty-value form, or null when the clause is not one. */
    static SearchQuery of(SearchFields.Option option, String relation, String term) {
        FieldKind kind = option.kind();
        if (term.isEmpty() && relation.equals("=")) return exists(option.fields());
        if (term.isEmpty() && relation.equals("==")) {
            return kind == FieldKind.FULLTEXT ? new SearchQuery.Plain(option.fields(), "")
                    : kind == FieldKind.DATE ? new SearchQuery.None() : new SearchQuery.Term(option.fields().getFirst(), "");
        }
        if (term.equals(EMPTY_ARRAY) && relation.equals("==")
                && (kind == FieldKind.FULLTEXT || kind == FieldKind.KEYWORD)) {
            return new SearchQuery.Not(new SearchQuery.All(), exists(option.fields()));
        }
        return null;
    }

    private static SearchQuery exists(List<String> fields) {
        if (fields.size() == 1) return new SearchQuery.Exists(fields.getFirst());
        List<SearchQuery> any = new ArrayList<>();
        for (String f : fields) any.add(new SearchQuery.Exists(f));
        return new SearchQuery.Or(any);
    }
}
