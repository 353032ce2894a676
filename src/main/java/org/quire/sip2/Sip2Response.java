package org.quire.sip2;

import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;

/**
 * A response being written: fixed fields first, then variable fields {@code XXvalue|} — edge-sip2's templates
 * (templates/lib.ftl): a variable field is cut at 255 characters and a '|' inside it becomes a space; a screen
 * message (AF) or print line (AG) longer than that is sent as several fields of 255; dates are
 * {@code yyyyMMdd    HHmmss} (the four ZZZZ characters blank: local time of the tenant's zone).
 */
final class Sip2Response {
    static final DateTimeFormatter SIP_DATE = DateTimeFormatter.ofPattern("yyyyMMdd    HHmmss");
    private static final int MAX_FIELD = 255;

    private final StringBuilder sb = new StringBuilder(128);
    private final ZoneId zone;

    Sip2Response(String command, ZoneId zone) {
        this.zone = zone;
        sb.append(command);
    }

    Sip2Response fixed(String value) {
        sb.append(value);
        return this;
    }

    Sip2Response yn(boolean value) {
        return fixed(value ? "Y" : "N");
    }

    Sip2Response ok(boolean value) {
        return fixed(value ? "1" : "0");
    }

    Sip2Response date(Instant when) {
        return fixed(when.atZone(zone).format(SIP_DATE));
    }

    /** A four-digit count, capped at 9999 (lib.ftl's limitNumberToRange). */
    Sip2Response count(long n) {
        return fixed(String.format("%04d", Math.max(0, Math.min(9999, n))));
    }

    /** A variable field, always written (a required one is written empty when there is no value). */
    Sip2Response field(String id, String value) {
        String v = value == null ? "" : value.replace('|', ' ').replace('\r', ' ').replace('\n', ' ');
        sb.append(id).append(v.length() > MAX_FIELD ? v.substring(0, MAX_FIELD) : v).append('|');
        return this;
    }

    /** A variable field written only when it has a value. */
    Sip2Response optional(String id, String value) {
        return value == null || value.isEmpty() ? this : field(id, value);
    }

    Sip2Response dateField(String id, Instant when) {
        return field(id, when == null ? "" : when.atZone(zone).format(SIP_DATE));
    }

    /** Each message as one or more fields of at most 255 characters (lib.ftl's variableLengthRepeatableField). */
    Sip2Response repeated(String id, List<String> messages) {
        for (String m : messages) {
            if (m == null || m.isEmpty()) continue;
            for (int i = 0; i < m.length(); i += MAX_FIELD) field(id, m.substring(i, Math.min(m.length(), i + MAX_FIELD)));
        }
        return this;
    }

    Sip2Response screenMessages(List<String> messages) {
        return repeated("AF", messages);
    }

    @Override
    public String toString() {
        return sb.toString();
    }
}
