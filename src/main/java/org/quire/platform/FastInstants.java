package org.quire.platform;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;

/**
 * The common shape of FOLIO's timestamps — {@code 2026-11-24T10:15:30.123+00:00} or {@code …Z}: date, time with
 * seconds and an optional fraction of up to nine digits, then {@code Z} or an {@code ±HH:MM} offset — read without
 * {@link java.time.format.DateTimeFormatter}, whose general parsing was 6% of a check-out's CPU (every loan, item and
 * patron carries several). Answers exactly what {@code OffsetDateTime.parse(s).toInstant()} answers for the strings it
 * accepts, and null for every other string, which {@link Json#parseInstant} then parses the general way (and refuses
 * with the same message as before).
 */
final class FastInstants {
    private FastInstants() {
    }

    static Instant parse(String s) {
        int n = s.length();
        if (n < 20 || s.charAt(4) != '-' || s.charAt(7) != '-' || s.charAt(10) != 'T' || s.charAt(13) != ':'
                || s.charAt(16) != ':') {
            return null;
        }
        int year = digits(s, 0, 4), month = digits(s, 5, 2), day = digits(s, 8, 2);
        int hour = digits(s, 11, 2), minute = digits(s, 14, 2), second = digits(s, 17, 2);
        if (year < 0 || month < 0 || day < 0 || hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0
                || second > 59) {
            return null;
        }
        int i = 19, nanos = 0;
        if (s.charAt(i) == '.') {
            int start = ++i;
            while (i < n && i - start < 9 && isDigit(s.charAt(i))) nanos = nanos * 10 + (s.charAt(i++) - '0');
            if (i == start || (i < n && isDigit(s.charAt(i)))) return null; // no digit, or more than nine
            for (int k = i - start; k < 9; k++) nanos *= 10;
        }
        int offsetSeconds;
        if (i == n - 1 && s.charAt(i) == 'Z') {
            offsetSeconds = 0;
        } else if (i == n - 6 && (s.charAt(i) == '+' || s.charAt(i) == '-') && s.charAt(i + 3) == ':') {
            int oh = digits(s, i + 1, 2), om = digits(s, i + 4, 2);
            if (oh < 0 || om < 0 || oh > 18 || om > 59 || (oh == 18 && om > 0)) return null;
            offsetSeconds = (s.charAt(i) == '-' ? -1 : 1) * (oh * 3600 + om * 60);
        } else {
            return null;
        }
        long epochDay;
        try {
            epochDay = LocalDate.of(year, month, day).toEpochDay(); // refuses 2026-02-30 and month 13
        } catch (DateTimeException invalid) {
            return null;
        }
        long seconds = epochDay * 86_400 + hour * 3_600L + minute * 60L + second - offsetSeconds;
        return Instant.ofEpochSecond(seconds, nanos);
    }

    /** The non-negative number written by {@code count} ASCII digits at {@code from}, or -1. */
    private static int digits(String s, int from, int count) {
        int v = 0;
        for (int k = from; k < from + count; k++) {
            char c = s.charAt(k);
            if (!isDigit(c)) return -1;
            v = v * 10 + (c - '0');
        }
        return v;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }
}
