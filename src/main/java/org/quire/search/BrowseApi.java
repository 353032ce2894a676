package org.quire.search;

import org.quire.platform.http.Request;
import org.quire.platform.http.Router;

/**
 * mod-search's browse endpoints as the reference and FOLIO's clients call them (folio-catalogue-api.md §1.1;
 * mod-search paths/browse-*.yaml; permissions from its ModuleDescriptor). Refusals are 400 in mod-search's error
 * shape, through {@link SearchApi}'s helpers.
 */
public final class BrowseApi {
    private BrowseApi() {
    }

    public static void register(Router r, InstanceBrowse browse) {
        r.get("/browse/call-numbers/{option}/instances", "browse.call-numbers.instances.collection.get",
                req -> run(browse, req, BrowseEntries.Kind.CALL_NUMBER, req.path("option")));
        r.get("/browse/classification-numbers/{option}/instances",
                "browse.classification-numbers.instances.collection.get",
                req -> run(browse, req, BrowseEntries.Kind.CLASSIFICATION, req.path("option")));
        r.get("/browse/subjects/instances", "browse.subjects.instances.collection.get",
                req -> run(browse, req, BrowseEntries.Kind.SUBJECT, ""));
        r.get("/browse/contributors/instances", "browse.contributors.instances.collection.get",
                req -> run(browse, req, BrowseEntries.Kind.CONTRIBUTOR, ""));
    }

    private static org.quire.platform.http.Response run(InstanceBrowse browse, Request req, BrowseEntries.Kind kind,
            String option) {
        return SearchApi.answer(() -> {
            String query = SearchApi.query(req);
            // mod-search browse-limit-param.yaml: 0..100, default 100; preceding-records-count.yaml: 1..100
            int limit = SearchApi.number(req, "limit", 100, 0, 100);
            Integer preceding = req.param("precedingRecordsCount").isPresent()
                    ? SearchApi.number(req, "precedingRecordsCount", 0, 1, 100) : null;
            String highlight = req.param("highlightMatch").orElse("true").trim();
            if (!highlight.equalsIgnoreCase("true") && !highlight.equalsIgnoreCase("false")) {
                throw new InvalidSearch("Failed to convert value of type 'java.lang.String' to required type "
                        + "'java.lang.Boolean'; Invalid boolean value [" + highlight + "]", "highlightMatch", highlight);
            }
            return browse.browse(new InstanceBrowse.Request(req.tenant(), kind, option.toLowerCase(java.util.Locale.ROOT),
                    query, limit, preceding, Boolean.parseBoolean(highlight.toLowerCase(java.util.Locale.ROOT))));
        });
    }
}
