package org.quire.bench;

import java.util.ArrayList;
import java.util.List;

/**
 * The PTF's instance search query set (folio-catalogue-api.md §2.1: api-scripts/search/search_*Search/*.jmx with
 * jmeter-supported-data/queries.csv), grouped as the report shows them: each script's regular queries under its name,
 * and every wildcard query (any script's) under "wildcard", as issue 13's targets tell regular and wildcard queries
 * apart. The authorityKeyword script is left out: /search/authorities is not served yet.
 */
public final class SearchQueries {
    static final String WILDCARD = "wildcard";
    static final List<String> GROUPS = List.of("keyword", "title", "contributors", "subjects", "boolean", "filter",
            WILDCARD);

    /** One CQL query of the set and the report group it belongs to. */
    public record Query(String group, String cql) {
    }

    private SearchQueries() {
    }

    public static List<Query> all() {
        List<Query> q = new ArrayList<>();
        for (String term : List.of("climate change", "depression", "covid-19")) relations(q, "keyword", term);
        for (String w : List.of("keyword = \"climate ch*\"", "keyword all \"*climate change*\"",
                "keyword = \"*depression*\"", "keyword = \"depress*\"", "keyword = \"covid*\"",
                "keyword = \"*covid-19*\"")) q.add(new Query(WILDCARD, w));
        relations(q, "title", "Water in Africa");
        q.add(new Query(WILDCARD, "title = \"Water*\""));
        q.add(new Query(WILDCARD, "title = \"*Africa\""));
        relations(q, "contributors", "Brown John");
        relations(q, "contributors", "Jon Brown");
        q.add(new Query(WILDCARD, "contributors = \"Jon*\""));
        q.add(new Query(WILDCARD, "contributors = \"*Brown\""));
        q.add(new Query("subjects", "subjects all \"Washington\""));
        q.add(new Query(WILDCARD, "subjects = \"Washington*\""));
        q.add(new Query(WILDCARD, "subjects = \"*Washington\""));
        q.add(new Query("subjects", "subjects any \"Washington Ibiza\""));
        q.add(new Query("subjects", "subjects == \"Washington\""));
        q.add(new Query("subjects", "subjects <> \"Washington\""));
        for (String op : List.of("AND", "OR", "NOT")) {
            q.add(new Query("boolean", "subjects all \"washington\" " + op + " title all \"international travel\""));
        }
        q.add(new Query("boolean", "subjects = (\"History\" OR \"Music\")"));
        q.add(new Query("filter", "languages == \"eng\""));
        q.add(new Query("filter", "languages == (\"eng\" OR \"fre\" OR \"ita\" OR \"ukr\")"));
        q.add(new Query("filter", "languages == \"eng\" AND items.status.name == \"Available\""));
        q.add(new Query("filter", "languages == (\"eng\" OR \"fre\") AND items.status.name == (\"Available\" OR "
                + "\"In transit\")"));
        q.add(new Query("filter", "keyword all \"water in africa\" AND languages == \"eng\""));
        return List.copyOf(q);
    }

    private static void relations(List<Query> q, String option, String term) {
        for (String rel : List.of("all", "any", "==", "<>")) q.add(new Query(option, option + " " + rel + " \"" + term + "\""));
    }
}
