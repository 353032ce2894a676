package org.quire.search.callnumber;

import java.util.Locale;
import java.util.Optional;

/**
 * The shelving schemes FOLIO knows. The ids are FOLIO's system call-number types (reference data of
 * mod-inventory-storage, repeated in mod-search's {@code CallNumberType} enum); the browse option names are
 * mod-search's {@code /browse/call-numbers/{option}/instances} options (all, lc, dewey, nlm, sudoc, other).
 */
public enum CallNumberScheme {
    LC("95467209-6d7b-468b-94df-0f5d7ad2747d", "lc"),
    DEWEY("03dd64d0-5626-4ecd-8ece-4531e0069f35", "dewey"),
    NLM("054d460d-d6b9-4469-9e37-7a78a2266655", "nlm"),
    SUDOC("fc388041-6cd0-4806-8a74-ebe3b9ab4c6e", "sudoc"),
    OTHER("6caca63e-5651-4db6-9247-3205156e9699", "other");

    private final String typeId;
    private final String browseOption;

    CallNumberScheme(String typeId, String browseOption) {
        this.typeId = typeId;
        this.browseOption = browseOption;
    }

    /** FOLIO's call-number type id of this scheme. */
    public String typeId() {
        return typeId;
    }

    /** mod-search's browse option name ({@code lc}, {@code dewey} …). */
    public String browseOption() {
        return browseOption;
    }

    /**
     * The scheme of a FOLIO call-number type id. Empty for null and for local (tenant-defined) types, whose
     * values the caller should classify with {@link CallNumberClassifier} or treat as {@link #OTHER}.
     */
    public static Optional<CallNumberScheme> fromTypeId(String typeId) {
        if (typeId == null) {
            return Optional.empty();
        }
        for (CallNumberScheme s : values()) {
            if (s.typeId.equalsIgnoreCase(typeId.trim())) {
                return Optional.of(s);
            }
        }
        return Optional.empty();
    }

    /** The scheme of a browse option; empty for {@code all} and unknown names. */
    public static Optional<CallNumberScheme> fromBrowseOption(String option) {
        if (option == null) {
            return Optional.empty();
        }
        String o = option.trim().toLowerCase(Locale.ROOT);
        for (CallNumberScheme s : values()) {
            if (s.browseOption.equals(o)) {
                return Optional.of(s);
            }
        }
        return Optional.empty();
    }
}
