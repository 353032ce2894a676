package org.quire.oaipmh;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The six verbs and their arguments (mod-oai-pmh domain/Verb): required, optional, and the exclusive resumptionToken;
 * validated as mod-oai-pmh's VerbValidator does, with its messages (which name the verb by its enum constant, e.g.
 * {@code Verb 'LIST_RECORDS', illegal argument: foo}).
 */
enum Verb {
    GET_RECORD("GetRecord", List.of("identifier", "metadataPrefix"), List.of(), null),
    IDENTIFY("Identify", List.of(), List.of(), null),
    LIST_IDENTIFIERS("ListIdentifiers", List.of("metadataPrefix"), List.of("from", "until", "set"), "resumptionToken"),
    LIST_METADATA_FORMATS("ListMetadataFormats", List.of(), List.of("identifier"), null),
    LIST_RECORDS("ListRecords", List.of("metadataPrefix"), List.of("from", "until", "set"), "resumptionToken"),
    LIST_SETS("ListSets", List.of(), List.of(), "resumptionToken");

    final String verbName;
    private final List<String> required;
    private final String exclusive;
    private final Set<String> all = new HashSet<>();

    Verb(String verbName, List<String> required, List<String> optional, String exclusive) {
        this.verbName = verbName;
        this.required = required;
        this.exclusive = exclusive;
        all.add("verb");
        all.addAll(required);
        all.addAll(optional);
        if (exclusive != null) all.add(exclusive);
    }

    static Verb byName(String name) {
        if (name == null) return null;
        for (Verb v : values()) if (v.verbName.equals(name)) return v;
        return null;
    }

    /** The argument errors of a request (the verb and the API key arguments already set apart). */
    List<OaiError> validate(Map<String, String> args) {
        List<OaiError> errors = new ArrayList<>();
        boolean token = exclusive != null && args.containsKey(exclusive);
        List<String> needed = token ? List.of(exclusive) : required;
        List<String> missing = needed.stream().filter(p -> args.get(p) == null || args.get(p).isEmpty()).toList();
        if (!missing.isEmpty()) {
            errors.add(new OaiError(OaiError.BAD_ARGUMENT, "Missing required parameters: " + String.join(",", missing)));
        }
        if (token && args.keySet().stream().anyMatch(p -> !p.equals("verb") && !p.equals(exclusive))) {
            errors.add(new OaiError(OaiError.BAD_ARGUMENT, "Verb '" + name() + "', argument '" + exclusive
                    + "' is exclusive, no others maybe specified with it."));
        }
        for (String p : args.keySet()) {
            if (!all.contains(p)) {
                errors.add(new OaiError(OaiError.BAD_ARGUMENT, "Verb '" + name() + "', illegal argument: " + p));
            }
        }
        return errors;
    }
}
