package org.quire.platform.domain;

import java.util.Optional;

/**
 * A vocabulary enum whose constants FOLIO writes as display names ("Checked out", "Open - Not yet filled", "Hold"):
 * the one implementation of comparing and looking up such names.
 */
public interface FolioName {

    /** The name as FOLIO writes it. */
    String folioName();

    /** Whether {@code name} (as stored, possibly null) is this constant's. */
    default boolean is(String name) {
        return folioName().equals(name);
    }

    /** The constant of {@code type} that FOLIO names so, or empty for a name FOLIO does not have. */
    static <E extends Enum<E> & FolioName> Optional<E> named(Class<E> type, String name) {
        for (E e : type.getEnumConstants()) if (e.folioName().equals(name)) return Optional.of(e);
        return Optional.empty();
    }
}
