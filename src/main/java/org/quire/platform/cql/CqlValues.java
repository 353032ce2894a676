package org.quire.platform.cql;

import org.quire.platform.Ids;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.Optional;
import java.util.UUID;

/** Converts unescaped CQL terms into the Java values bound for typed columns. */
final class CqlValues {

    /** FOLIO writes offsets without a colon, e.g. 2024-01-31T10:00:00.000+0000. */
    private static final DateTimeFormatter COMPACT_OFFSET =
            new DateTimeFormatterBuilder()
                    .append(DateTimeFormatter.ISO_LOCAL_DATE_TIME)
                    .appendOffset("+HHMM", "Z")
                    .toFormatter(Locale.ROOT);

    private CqlValues() {}

    static Optional<UUID> uuid(String value) {
        return Ids.parse(value);
    }

    /** Integer when it fits, else Long, so the bound type matches int and bigint columns. */
    static Number integer(String value, CqlField field) {
        try {
            long parsed = Long.parseLong(value.trim());
            // not a ternary: "cond ? Integer : Long" would unbox and promote both to long
            if (parsed == (int) parsed) {
                return Integer.valueOf((int) parsed);
            }
            return Long.valueOf(parsed);
        } catch (NumberFormatException e) {
            throw invalid("integer", value, field);
        }
    }

    static BigDecimal number(String value, CqlField field) {
        try {
            return new BigDecimal(value.trim());
        } catch (NumberFormatException e) {
            throw invalid("number", value, field);
        }
    }

    static Boolean bool(String value, CqlField field) {
        return switch (value.trim().toLowerCase(Locale.ROOT)) {
            case "true" -> Boolean.TRUE;
            case "false" -> Boolean.FALSE;
            default -> throw invalid("boolean (true or false)", value, field);
        };
    }

    /** An ISO-8601 date (start of that day, UTC) or date-time; no offset means UTC. */
    static OffsetDateTime dateTime(String value, CqlField field) {
        String text = value.trim();
        try {
            if (text.length() == 10) {
                return LocalDate.parse(text).atStartOfDay().atOffset(ZoneOffset.UTC);
            }
            try {
                return OffsetDateTime.parse(text);
            } catch (DateTimeParseException e) {
                try {
                    return OffsetDateTime.parse(text, COMPACT_OFFSET);
                } catch (DateTimeParseException e2) {
                    return LocalDateTime.parse(text).atOffset(ZoneOffset.UTC);
                }
            }
        } catch (DateTimeParseException e) {
            throw invalid("ISO-8601 date or date-time", value, field);
        }
    }

    private static CqlException invalid(String expected, String value, CqlField field) {
        return new CqlException(
                "Invalid value '" + value + "' for CQL index " + field.name() + ": expected " + expected);
    }
}
