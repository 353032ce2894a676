package org.quire.platform;

import java.util.Optional;
import java.util.UUID;
import java.util.regex.Pattern;

/** UUIDs as FOLIO writes them: the one place that parses an id from text. */
public final class Ids {
    /** FOLIO's schemas' UUID pattern; stricter than UUID.fromString, which accepts "1-2-3-4-5". */
    public static final Pattern UUID_PATTERN =
            Pattern.compile("^[a-fA-F0-9]{8}-[a-fA-F0-9]{4}-[a-fA-F0-9]{4}-[a-fA-F0-9]{4}-[a-fA-F0-9]{12}$");

    private Ids() {
    }

    /** The UUID, or empty when {@code s} is null or not a UUID in FOLIO's form. */
    public static Optional<UUID> parse(String s) {
        if (!hasUuidForm(s)) return Optional.empty();
        return Optional.of(UUID.fromString(s));
    }

    /**
     * Whether {@code s} matches {@link #UUID_PATTERN}, checked character by character: ids are parsed several times
     * per check-out, and this costs no regex matcher.
     */
    private static boolean hasUuidForm(String s) {
        if (s == null || s.length() != 36) return false;
        for (int i = 0; i < 36; i++) {
            char ch = s.charAt(i);
            boolean ok = i == 8 || i == 13 || i == 18 || i == 23 ? ch == '-' : Character.digit(ch, 16) >= 0 && ch < 128;
            if (!ok) return false;
        }
        return true;
    }

    /** The UUID, or null when {@code s} is null or not a UUID in FOLIO's form. */
    public static UUID orNull(String s) {
        return parse(s).orElse(null);
    }

    /** The UUID at {@code path} of a FOLIO record (e.g. a loan's "itemId"), or null when absent or not a UUID. */
    public static UUID at(com.fasterxml.jackson.databind.JsonNode record, String path) {
        return orNull(Json.text(record, path));
    }

    public static boolean isUuid(String s) {
        return parse(s).isPresent();
    }
}
