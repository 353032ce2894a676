package org.quire.search;

import org.quire.platform.http.Request;
import org.quire.platform.http.Router;

import java.util.List;

/**
 * mod-search's authority endpoints (mod-search.yaml: searchAuthorities, browseAuthorities, the facets of record type
 * {@code authorities}; permissions from its ModuleDescriptor). Refusals are 400 in mod-search's error shape, through
 * {@link SearchApi}'s helpers. {@code /search/authorities/facets} is registered before SearchIdsApi's
 * {@code /search/{recordType}/facets}, so the literal path answers for authorities.
 */
public final class AuthoritySearchApi {
    private AuthoritySearchApi() {
    }

    public static void register(Router r, AuthoritySearch search) {
        r.get("/search/authorities", "search.authorities.collection.get", req -> SearchApi.answer(() -> {
            String query = SearchApi.query(req);
            int limit = SearchApi.number(req, "limit", 100, 0, 500);
            int offset = SearchApi.number(req, "offset", 0, 0, 10_000);
            return search.search(new AuthoritySearch.Request(req.tenant(), query, limit, offset,
                    bool(req, "expandAll", false), bool(req, "includeNumberOfTitles", true)));
        }));
        r.get("/search/authorities/facets", SearchIdsApi.FACETS_PERMISSION, req -> SearchApi.answer(() -> {
            String query = SearchApi.query(req);
            List<String> facet = req.query().getOrDefault("facet", List.of());
            if (facet.isEmpty() || facet.stream().allMatch(String::isBlank)) {
                throw new InvalidSearch("Required request parameter 'facet' for method parameter type List is not "
                        + "present", "facet", null);
            }
            return search.facets(req.tenant(), query, facet);
        }));
        AuthorityBrowse browse = new AuthorityBrowse(search);
        r.get("/browse/authorities", "browse.authorities.collection.get", req -> SearchApi.answer(() -> {
            String query = SearchApi.query(req);
            // mod-search browse-limit-param.yaml: 0..100, default 100; preceding-records-count.yaml: 1..100
            int limit = SearchApi.number(req, "limit", 100, 0, 100);
            Integer preceding = req.param("precedingRecordsCount").isPresent()
                    ? SearchApi.number(req, "precedingRecordsCount", 0, 1, 100) : null;
            return browse.browse(new AuthorityBrowse.Request(req.tenant(), query, limit, preceding,
                    bool(req, "highlightMatch", true), bool(req, "expandAll", false)));
        }));
    }

    /** A boolean parameter; anything but true/false is 400 as Spring's conversion failure. */
    static boolean bool(Request req, String name, boolean dflt) {
        String v = req.param(name).orElse(String.valueOf(dflt)).trim();
        if (!v.equalsIgnoreCase("true") && !v.equalsIgnoreCase("false")) {
            throw new InvalidSearch("Failed to convert value of type 'java.lang.String' to required type "
                    + "'java.lang.Boolean'; Invalid boolean value [" + v + "]", name, v);
        }
        return Boolean.parseBoolean(v.toLowerCase(java.util.Locale.ROOT));
    }
}
