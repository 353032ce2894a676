package org.quire.sru;

import org.quire.search.SearchFields;

import java.util.Map;
import java.util.TreeSet;

/**
 * The explain record: ZeeRex 2.0 ({@code http://explain.z3950.org/dtd/2.0/}, the record schema SRU 1.2 and 2.0
 * name for explain) — where the server is, the context sets and indexes a query may use, the record schemas, and the
 * paging settings. Clients (YAZ's zoomsh "explain", MarcEdit's SRU set-up) read the indexes and schemas from it.
 */
final class SruExplain {
    static final String SCHEMA = "http://explain.z3950.org/dtd/2.0/";
    static final String DATABASE = "sru";

    private SruExplain() {
    }

    static void write(XmlOut x, SruVersion v, String host, int port) {
        String ns = SCHEMA;
        x.start("", "explain", ns).ns("", ns);
        x.start("", "serverInfo", ns).attr("protocol", "SRU").attr("version", v.text).attr("transport", "http")
                .attr("method", "GET POST");
        x.element("", "host", ns, host);
        x.element("", "port", ns, String.valueOf(port));
        x.element("", "database", ns, DATABASE);
        x.end();

        x.start("", "databaseInfo", ns);
        x.start("", "title", ns).attr("lang", "en").attr("primary", "true").text("Quire catalogue").end();
        x.start("", "description", ns).attr("lang", "en").attr("primary", "true")
                .text("The tenant's instances (FOLIO inventory), searched with mod-search's CQL indexes; MARC "
                        + "records from Source Record Storage.").end();
        x.end();

        x.start("", "indexInfo", ns);
        for (Map.Entry<String, String> set : SruIndexes.CONTEXT_SETS.entrySet()) {
            x.start("", "set", ns).attr("name", set.getKey()).attr("identifier", set.getValue()).end();
        }
        for (Map.Entry<String, SruIndexes.Mapped> m : SruIndexes.MAPPED.entrySet()) {
            String[] parts = m.getKey().split("\\.", 2);
            String name = parts[0].equals("cql") ? (parts[1].equals("serverchoice") ? "serverChoice" : "allRecords")
                    : parts[1];
            index(x, m.getValue().title(), parts[0], name, false);
        }
        TreeSet<String> folio = new TreeSet<>(SearchFields.FIELDS.keySet());
        folio.addAll(SearchFields.ALIASES.keySet());
        for (String name : folio) index(x, name, "folio", name, SearchFields.SORTS.containsKey(name));
        x.end();

        x.start("", "schemaInfo", ns);
        for (SruSchema s : SruSchema.values()) {
            x.start("", "schema", ns).attr("identifier", s.identifier).attr("name", s.name)
                    .attr("sort", "false").attr("retrieve", "true");
            x.element("", "title", ns, s.title);
            x.end();
        }
        x.end();

        x.start("", "configInfo", ns);
        x.start("", "default", ns).attr("type", "numberOfRecords").text(String.valueOf(SruRequest.DEFAULT_RECORDS)).end();
        x.start("", "default", ns).attr("type", "contextSet").text("folio").end();
        x.start("", "default", ns).attr("type", "index").text("cql.serverChoice").end();
        x.start("", "default", ns).attr("type", "relation").text("=").end();
        x.start("", "default", ns).attr("type", "retrieveSchema").text(SruSchema.MARCXML.identifier).end();
        x.start("", "setting", ns).attr("type", "maximumRecords").text(String.valueOf(SruRequest.MAX_RECORDS)).end();
        for (String relation : new String[]{"=", "==", "<>", "<", ">", "<=", ">=", "all", "any", "adj", "exact"}) {
            x.start("", "supports", ns).attr("type", "relation").text(relation).end();
        }
        x.start("", "supports", ns).attr("type", "relationModifier").text("string").end();
        x.start("", "supports", ns).attr("type", "maskingCharacter").text("*").end();
        x.start("", "supports", ns).attr("type", "sort").end();
        x.end();
        x.end();
    }

    private static void index(XmlOut x, String title, String set, String name, boolean sort) {
        String ns = SCHEMA;
        x.start("", "index", ns).attr("search", "true").attr("scan", "false").attr("sort", String.valueOf(sort));
        x.element("", "title", ns, title);
        x.start("", "map", ns).start("", "name", ns).attr("set", set).text(name).end().end();
        x.end();
    }
}
