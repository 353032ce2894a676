package org.quire.sru;

import org.quire.oaipmh.MarcXml;

import java.util.List;

/**
 * SRU's answers as XML: searchRetrieveResponse and explainResponse in the request's version — 1.1/1.2 in
 * {@code http://www.loc.gov/zing/srw/}, 2.0 in OASIS's {@code sruResponse} namespace, element order as their
 * schemas, prefixes {@code zs} and {@code diag} as YAZ writes them (its srw.c): 2.0's searchRetrieveResponse has no
 * {@code version} and names record escaping {@code recordXMLEscaping}. Records are XML inside {@code recordData}, or
 * the same XML as escaped text for {@code recordPacking=string}; a record that cannot be given in the schema asked
 * is a surrogate diagnostic in its place.
 */
final class SruXml {
    private SruXml() {
    }

    static String searchRetrieve(SruRequest r, SruSearch.Result result, List<SruDiagnostic> diagnostics) {
        SruVersion v = r.version();
        String ns = v.namespace;
        XmlOut x = new XmlOut(true);
        x.start("zs", "searchRetrieveResponse", ns).ns("zs", ns);
        if (!v.two()) x.element("zs", "version", ns, v.text);
        x.element("zs", "numberOfRecords", ns, String.valueOf(result == null ? 0 : result.total()));
        if (result != null && !result.hits().isEmpty()) {
            x.start("zs", "records", ns);
            for (SruSearch.Hit hit : result.hits()) record(x, r, hit);
            x.end();
            if (result.next() != null) x.element("zs", "nextRecordPosition", ns, String.valueOf(result.next()));
        }
        diagnostics(x, v, diagnostics);
        x.end();
        return x.finish();
    }

    static String explain(SruRequest r, String host, int port) {
        SruVersion v = r.version();
        String ns = v.namespace;
        XmlOut x = new XmlOut(true);
        x.start("zs", "explainResponse", ns).ns("zs", ns);
        x.element("zs", "version", ns, v.text);
        if (r.refused() == null) {
            x.start("zs", "record", ns);
            x.element("zs", "recordSchema", ns, SruExplain.SCHEMA);
            packing(x, r);
            x.start("zs", "recordData", ns);
            if (r.escapeRecords()) {
                XmlOut inner = new XmlOut(false);
                SruExplain.write(inner, v, host, port);
                x.text(inner.finish());
            } else {
                SruExplain.write(x, v, host, port);
            }
            x.end();
            x.end();
        }
        diagnostics(x, v, r.refused() == null ? List.of() : List.of(r.refused()));
        x.end();
        return x.finish();
    }

    private static void record(XmlOut x, SruRequest r, SruSearch.Hit hit) {
        String ns = r.version().namespace;
        boolean available = r.schema() != SruSchema.MARCXML || hit.marc() != null;
        x.start("zs", "record", ns);
        x.element("zs", "recordSchema", ns, available ? r.schema().identifier : SruSchema.DIAGNOSTICS);
        packing(x, r);
        x.start("zs", "recordData", ns);
        if (available && r.schema() == SruSchema.MARCXML) {
            String marc = MarcXml.record(hit.marc());
            if (r.escapeRecords()) x.text(marc);
            else x.raw(marc);
        } else {
            XmlOut target = r.escapeRecords() ? new XmlOut(false) : x;
            if (!available) {
                // no MARC record (an instance deleted since the search engine indexed it): a surrogate diagnostic
                diagnostic(target, r.version(), new SruDiagnostic(SruDiagnostic.NOT_IN_THIS_SCHEMA,
                        r.schema().identifier));
            } else {
                DublinCoreXml.write(target, hit.instance());
            }
            if (target != x) x.text(target.finish());
        }
        x.end();
        x.element("zs", "recordPosition", ns, String.valueOf(hit.position()));
        x.end();
    }

    private static void packing(XmlOut x, SruRequest r) {
        String ns = r.version().namespace;
        x.element("zs", r.version().two() ? "recordXMLEscaping" : "recordPacking", ns,
                r.escapeRecords() ? "string" : "xml");
    }

    private static void diagnostics(XmlOut x, SruVersion v, List<SruDiagnostic> diagnostics) {
        if (diagnostics.isEmpty()) return;
        x.start("zs", "diagnostics", v.namespace);
        for (SruDiagnostic d : diagnostics) diagnostic(x, v, d);
        x.end();
    }

    /** {@code <diag:diagnostic>} with uri, details (when any) and message, in that order (the diagnostic schema). */
    private static void diagnostic(XmlOut x, SruVersion v, SruDiagnostic d) {
        String ns = v.diagnosticNamespace;
        x.start("diag", "diagnostic", ns).ns("diag", ns);
        x.element("diag", "uri", ns, d.uri());
        x.element("diag", "details", ns, d.details());
        x.element("diag", "message", ns, d.message());
        x.end();
    }

    /** A diagnostic answer for a failure before the request was read (authentication): SRU 1.2's shape. */
    static String failure(SruDiagnostic d) {
        SruRequest r = new SruRequest(SruVersion.V1_2, SruRequest.Operation.SEARCH_RETRIEVE, null, 1, 0,
                SruSchema.MARCXML, false, null, d);
        return searchRetrieve(r, null, List.of(d));
    }
}
