package org.quire.sip2;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One SIP2 request as the self-check machine sent it: its two-digit command, its fixed-length part, its variable
 * fields ({@code XXvalue|}) and the error-detection trailer ({@code AY<n>AZ<xxxx>}) when it carried one.
 *
 * @param fixed    the fixed-length fields, exactly as long as the command's table says
 * @param sequence the AY sequence number, or -1 when none was sent
 * @param checksum the AZ checksum as sent (upper case), or null when none was sent
 */
public record Sip2Message(String command, String fixed, Map<String, List<String>> fields, int sequence,
                          String checksum) {

    /** A message that cannot be read: the server answers 96 (request SC resend), as edge-sip2's parser makes it do. */
    public static final class Malformed extends Exception {
        Malformed(String why) {
            super(why, null, false, false);
        }
    }

    /**
     * The length of each request's fixed part (SIP2 2.00 specification; edge-sip2's parser reads the same): 93 UID and
     * PWD algorithm; 99 status code, max print width, protocol version; 23 language, date; 63 language, date,
     * summary; 17, 35, 65 date; 11 and 29 renewal policy/third party, no block, date, nb due date; 09 no block, date,
     * return date; 37 date, fee type, payment type, currency.
     */
    static final Map<String, Integer> FIXED_LENGTHS = Map.ofEntries(
            Map.entry("93", 2), Map.entry("99", 8), Map.entry("97", 0), Map.entry("23", 21), Map.entry("63", 31),
            Map.entry("17", 18), Map.entry("11", 38), Map.entry("09", 37), Map.entry("29", 38), Map.entry("65", 18),
            Map.entry("35", 18), Map.entry("37", 25));

    /** Where each command's transaction date (18 characters, YYYYMMDDZZZZHHMMSS) sits in the fixed part. */
    private static final Map<String, Integer> DATE_AT = Map.ofEntries(
            Map.entry("23", 3), Map.entry("63", 3), Map.entry("17", 0), Map.entry("11", 2), Map.entry("09", 1),
            Map.entry("29", 2), Map.entry("65", 0), Map.entry("35", 0), Map.entry("37", 0));

    private static final Pattern TRAILER = Pattern.compile("(?:\\|?AY(\\d))?\\|?AZ([0-9A-Fa-f]{4})$");
    private static final Pattern SIP_DATE = Pattern.compile("\\d{8}[ A-Z0-9]{4}\\d{6}");
    private static final Pattern FIELD_ID = Pattern.compile("[A-Z][A-Z0-9]");

    /**
     * Reads one message (without its terminating carriage return). {@code raw} is the message's bytes, over which an
     * AZ checksum is verified (the checksum is computed on the bytes as sent, so its charset does not matter).
     */
    public static Sip2Message parse(String text, byte[] raw) throws Malformed {
        if (text.length() < 2) throw new Malformed("A message needs a two-digit command");
        String command = text.substring(0, 2);
        Integer fixedLength = FIXED_LENGTHS.get(command);
        if (fixedLength == null) throw new Malformed("Unknown or unsupported command " + command);
        // SIP2 is printable text; a NUL is a line garbled in transit, and no field can hold it (PostgreSQL's text
        // refuses it: a login with one reached the database as an error)
        if (text.indexOf('\0') >= 0) throw new Malformed("A NUL character in the message");

        String body = text;
        int sequence = -1;
        String checksum = null;
        Matcher trailer = TRAILER.matcher(text);
        if (trailer.find()) {
            checksum = trailer.group(2).toUpperCase(java.util.Locale.ROOT);
            if (trailer.group(1) != null) sequence = trailer.group(1).charAt(0) - '0';
            if (!checksum.equals(checksum(raw, raw.length - 4))) throw new Malformed("Checksum does not match");
            body = text.substring(0, trailer.start());
        }
        if (body.length() < 2 + fixedLength) throw new Malformed("The fixed-length fields of " + command + " are short");
        String fixed = body.substring(2, 2 + fixedLength);
        Integer dateAt = DATE_AT.get(command);
        if (dateAt != null && !SIP_DATE.matcher(fixed.substring(dateAt, dateAt + 18)).matches())
            throw new Malformed("Transaction date is not YYYYMMDDZZZZHHMMSS");

        Map<String, List<String>> fields = new LinkedHashMap<>();
        String rest = body.substring(2 + fixedLength);
        for (String piece : rest.split("\\|", -1)) {
            if (piece.isEmpty()) continue;
            if (piece.length() < 2 || !FIELD_ID.matcher(piece.substring(0, 2)).matches())
                throw new Malformed("Not a field: " + piece);
            fields.computeIfAbsent(piece.substring(0, 2), k -> new ArrayList<>()).add(piece.substring(2));
        }
        fields.replaceAll((k, v) -> Collections.unmodifiableList(v));
        return new Sip2Message(command, fixed, Collections.unmodifiableMap(fields), sequence, checksum);
    }

    /**
     * SIP2's checksum over the first {@code length} bytes: the binary sum of the bytes, negated, as four upper-case
     * hexadecimal digits (edge-sip2's MainVerticle.formatResponse, its parser's check).
     */
    static String checksum(byte[] bytes, int length) {
        int sum = 0;
        for (int i = 0; i < length; i++) sum += bytes[i] & 0xff;
        return String.format("%04X", -sum & 0xffff);
    }

    static String checksum(String text) {
        byte[] b = text.getBytes(StandardCharsets.ISO_8859_1);
        return checksum(b, b.length);
    }

    /** The first value of a field, if sent (an empty value counts as sent). */
    public Optional<String> field(String id) {
        List<String> v = fields.get(id);
        return v == null || v.isEmpty() ? Optional.empty() : Optional.of(v.getFirst());
    }

    /** The first value of a field, or "" when it was not sent. */
    public String text(String id) {
        return field(id).orElse("");
    }

    /** Whether the terminal uses error detection (it sent a checksum): the answer then carries AY and AZ. */
    public boolean errorDetection() {
        return checksum != null;
    }
}
