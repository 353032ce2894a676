package org.quire.marc.rules;

import java.nio.charset.StandardCharsets;
import org.quire.platform.db.Database;
import org.quire.platform.http.Request;
import org.quire.platform.http.Response;
import org.quire.platform.http.Router;
import org.quire.platform.domain.InvalidInput;

/**
 * mod-source-record-manager's mapping-rules-provider.raml: {@code GET|PUT /mapping-rules/{recordType}} and
 * {@code PUT /mapping-rules/{recordType}/restore}, with its permissions (mapping-rules.get|update|restore) and its
 * 400 text answers, as its Karate tests expect them: an unknown type on GET says "Only marc-bib, marc-holdings or
 * marc-authority supported", on PUT "Only marc-bib or marc-holdings supported", a PUT of the authority rules
 * "Can't edit MARC Authority default mapping rules" (restore of them is allowed).
 */
public final class MappingRulesApi {
    private MappingRulesApi() {
    }

    public static void register(Router r, Database db, MappingRules rules) {
        r.get("/mapping-rules/{recordType}", "mapping-rules.get", req -> {
            RulesType type = RulesType.fromPath(req.path("recordType")).orElseThrow(() ->
                    new InvalidInput("Only marc-bib, marc-holdings or marc-authority supported"));
            return json(db.read(c -> rules.text(c, req.schema(), type)));
        });
        r.put("/mapping-rules/{recordType}", "mapping-rules.update", req -> {
            RulesType type = editable(req);
            if (type == RulesType.MARC_AUTHORITY) throw new InvalidInput("Can't edit MARC Authority default mapping rules");
            return json(db.tx(c -> rules.save(c, req.schema(), type, req.bodyText())));
        });
        r.put("/mapping-rules/{recordType}/restore", "mapping-rules.restore", req -> {
            RulesType type = editable(req);
            return json(db.tx(c -> rules.restore(c, req.schema(), type)));
        });
    }

    private static RulesType editable(Request req) {
        return RulesType.fromPath(req.path("recordType")).orElseThrow(() ->
                new InvalidInput("Only marc-bib or marc-holdings supported"));
    }

    /** The stored text as is: FOLIO answers the rules it holds, and the text is already JSON. */
    private static Response json(String text) {
        return Response.okJson(text.getBytes(StandardCharsets.UTF_8));
    }
}
