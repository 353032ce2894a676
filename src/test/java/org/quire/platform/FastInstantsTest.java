package org.quire.platform;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The fast reading of FOLIO's timestamps answers what java.time answers, or leaves the string to it. */
class FastInstantsTest {
    @Test
    void folioTimestamps_areReadFast_andExactly() {
        assertThat(FastInstants.parse("2026-11-24T10:15:30.123+00:00")).isEqualTo(Instant.parse("2026-11-24T10:15:30.123Z"));
        assertThat(FastInstants.parse("2026-11-24T10:15:30Z")).isEqualTo(Instant.parse("2026-11-24T10:15:30Z"));
        assertThat(FastInstants.parse("2026-11-24T23:59:59.999999999-05:30"))
                .isEqualTo(Instant.parse("2026-11-25T05:29:59.999999999Z"));
        assertThat(FastInstants.parse("2024-02-29T00:00:00.5+14:00")).isEqualTo(Instant.parse("2024-02-28T10:00:00.500Z"));
    }

    @Test
    void otherShapes_areLeftToTheGeneralParser() {
        for (String s : new String[]{"2026-11-24T10:15Z", "2026-11-24T10:15:30", "2026-11-24T10:15:30+0000",
                "2026-11-24T10:15:30+01:00:30", "2026-11-24T10:15:30.1234567890Z", "2026-11-24T10:15:30.Z",
                "2026-02-30T10:15:30Z", "2026-13-01T10:15:30Z", "2026-11-24T24:00:00Z", "2026-11-24T10:60:00Z",
                "2026-11-24T10:15:60Z", "2026-11-24T10:15:30+19:00", "2026-11-24T10:15:30+18:01", "+2026-11-24T10:15:30Z",
                "2026-11-24 10:15:30Z", "2026-11-24T10:15:30z", "2026-1a-24T10:15:30Z", "2026-11-24T10:15:30.12a+00:00",
                "2026-11-24T10:15:30+00:0", "2026-11-24T10:15:30Zx"}) {
            assertThat(FastInstants.parse(s)).as(s).isNull();
        }
        assertThat(Json.parseInstant("2026-11-24T10:15:30+0000")).isEqualTo(Instant.parse("2026-11-24T10:15:30Z"));
        assertThatThrownBy(() -> Json.parseInstant("2026-02-30T10:15:30Z")).isInstanceOf(DateTimeParseException.class);
    }

    @Test
    void randomTimestampsAndTheirCorruptions_agreeWithJavaTime() {
        SplittableRandom random = new SplittableRandom(42);
        int fast = 0;
        for (int i = 0; i < 50_000; i++) {
            Instant t = Instant.ofEpochSecond(random.nextLong(-2_000_000_000L, 8_000_000_000L), random.nextInt(1_000_000_000));
            ZoneOffset offset = ZoneOffset.ofTotalSeconds(random.nextInt(-18 * 60, 18 * 60 + 1) * 60);
            String digits = "S".repeat(random.nextInt(10));
            String pattern = "uuuu-MM-dd'T'HH:mm:ss" + (digits.isEmpty() ? "" : "." + digits) + "xxx";
            String s = DateTimeFormatter.ofPattern(pattern).format(OffsetDateTime.ofInstant(t, offset));
            if (random.nextInt(4) == 0) { // corrupt one character
                char[] c = s.toCharArray();
                c[random.nextInt(c.length)] = "0123456789+-:.TZz x".charAt(random.nextInt(19));
                s = new String(c);
            }
            Instant expected;
            try {
                expected = OffsetDateTime.parse(s).toInstant();
            } catch (DateTimeParseException e) {
                expected = null;
            }
            Instant got = FastInstants.parse(s);
            if (got != null) {
                fast++;
                assertThat(got).as(s).isEqualTo(expected);
            }
        }
        assertThat(fast).as("strings read by the fast path").isGreaterThan(30_000);
    }
}
