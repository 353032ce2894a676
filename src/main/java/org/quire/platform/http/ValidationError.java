package org.quire.platform.http;

import java.util.ArrayList;
import java.util.List;

/** One entry of FOLIO's 422 body: {"errors":[{"message","code","parameters":[{"key","value"}]}]}. */
public record ValidationError(String message, String code, List<Parameter> parameters) {

    public record Parameter(String key, String value) {
    }

    public static ValidationError of(String message, String code, String key, String value) {
        List<Parameter> params = new ArrayList<>();
        if (key != null) params.add(new Parameter(key, value));
        return new ValidationError(message, code, params);
    }

    /** FOLIO's bean-validation shape for a missing required property. */
    public static ValidationError required(String property) {
        return new ValidationError("must not be null", "javax.validation.constraints.NotNull.message",
                List.of(new Parameter(property, "null")));
    }
}
