package org.quire.platform.domain;

import java.util.ArrayList;
import java.util.List;

/**
 * Why a use case refused: FOLIO's error entry {message, code, parameters} as data. Domain code returns or throws
 * these (see {@link Refused}); only the HTTP edge turns them into a 422 body.
 */
public record Refusal(String message, String code, List<Parameter> parameters) {

    public Refusal {
        parameters = List.copyOf(parameters);
    }

    /** One {key, value} of the refusal; the value may be null, as FOLIO writes it. */
    public record Parameter(String key, String value) {
    }

    /** A refusal with at most one parameter ({@code key} null for none). */
    public static Refusal of(String message, String code, String key, String value) {
        List<Parameter> params = new ArrayList<>();
        if (key != null) params.add(new Parameter(key, value));
        return new Refusal(message, code, params);
    }

    /** A refusal without a code (FOLIO sends none for it) and with at most one parameter ({@code key} null for none). */
    public static Refusal of(String message, String key, String value) {
        return of(message, (String) null, key, value);
    }

    /** A refusal with a module's typed code and at most one parameter ({@code key} null for none). */
    public static Refusal of(String message, RefusalCode code, String key, String value) {
        return of(message, code.name(), key, value);
    }

    /** FOLIO's bean-validation shape for a missing required property. */
    public static Refusal required(String property) {
        return new Refusal("must not be null", "javax.validation.constraints.NotNull.message",
                List.of(new Parameter(property, "null")));
    }

    /** The value of the first parameter named {@code key}, or null. */
    public String parameter(String key) {
        return parameters.stream().filter(p -> p.key().equals(key)).map(Parameter::value).findFirst().orElse(null);
    }
}
