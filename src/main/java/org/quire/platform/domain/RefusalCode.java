package org.quire.platform.domain;

/**
 * A module's refusal codes: an enum whose constant names are FOLIO's codes (circulation's {@code ErrorCode}, as
 * mod-circulation's), so a code is written once and a typo does not compile.
 */
public interface RefusalCode {
    /** The code as FOLIO writes it: the enum constant's name. */
    String name();
}
