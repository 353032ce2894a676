package org.quire.marc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.marc4j.MarcException;
import org.marc4j.MarcStreamWriter;
import org.marc4j.marc.DataField;
import org.marc4j.marc.MarcFactory;
import org.marc4j.marc.Record;

class Iso2709WriterTest {
    private static final MarcFactory FACTORY = MarcFactory.newInstance();

    /** marc4j's bytes for the record (the writer Quire used before Iso2709Writer), or its exception. */
    private static byte[] marc4j(Record r) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        MarcStreamWriter w = new MarcStreamWriter(out, "UTF-8");
        w.write(r);
        w.close();
        return out.toByteArray();
    }

    @Test
    void writesTheBytesMarc4jWrites_forEveryRecordOfTheSharedMarcFiles() throws IOException {
        List<Path> files;
        try (Stream<Path> all = Files.walk(TestData.shared().resolve("data/marc"))) {
            files = all.filter(Files::isRegularFile).sorted().toList();
        }
        int compared = 0;
        for (Path file : files) {
            try (Stream<MarcRecordOrError> entries = MarcFiles.read(file)) {
                for (MarcRecordOrError e : (Iterable<MarcRecordOrError>) entries::iterator) {
                    if (e.isError()) continue;
                    byte[] expected = marc4j(e.record());
                    assertThat(Iso2709Writer.bytes(e.record())).as("%s record %d", file.getFileName(), e.index())
                            .isEqualTo(expected);
                    compared++;
                }
            }
        }
        assertThat(compared).isGreaterThan(30_000); // LC, university, authority, holdings and edge-case records
    }

    @Test
    void setsTheLeadersLengthAndBaseAddress() {
        Record r = record(List.of("a".repeat(10)));
        byte[] bytes = Iso2709Writer.bytes(r);

        assertThat(r.getLeader().getRecordLength()).isEqualTo(bytes.length);
        assertThat(r.getLeader().getBaseAddressOfData()).isEqualTo(24 + 12 + 12 + 1);
        assertThat(new String(bytes, 0, 5, java.nio.charset.StandardCharsets.US_ASCII))
                .isEqualTo("%05d".formatted(bytes.length));
        assertThat(bytes[bytes.length - 1]).isEqualTo((byte) 0x1D);
    }

    @Test
    void refusesARecordOver99999Bytes_withMarc4jsExceptionAndMessage() {
        List<String> big = java.util.Collections.nCopies(12, "x".repeat(9_000));
        String marc4jMessage = catchMessage(() -> marc4j(record(big)));

        assertThatThrownBy(() -> Iso2709Writer.bytes(record(big))).isInstanceOf(MarcException.class)
                .hasMessage(marc4jMessage).hasMessageContaining("length would be 108");
    }

    /** marc4j wrote such a field with "9999" as its length: a record whose directory no reader can follow. */
    @Test
    void refusesAFieldLongerThanTheDirectorysFourDigits() {
        assertThatThrownBy(() -> Iso2709Writer.bytes(record(List.of("x".repeat(9_995)))))
                .isInstanceOf(MarcException.class).hasMessageContaining("9999 bytes");
        // 9,994 characters + indicators, delimiter, code and terminator = 9,999: the longest field that fits
        assertThat(Iso2709Writer.bytes(record(List.of("x".repeat(9_994))))).hasSizeGreaterThan(10_000);
    }

    /** A record with an 001 and one 245 $a per value. */
    private static Record record(List<String> titles) {
        Record r = FACTORY.newRecord("00000nam a2200000 a 4500");
        r.addVariableField(FACTORY.newControlField("001", "q1"));
        for (String t : titles) {
            DataField f = FACTORY.newDataField("245", '1', '0');
            f.addSubfield(FACTORY.newSubfield('a', t));
            r.addVariableField(f);
        }
        return r;
    }

    private static String catchMessage(Runnable r) {
        try {
            r.run();
        } catch (MarcException e) {
            return e.getMessage();
        }
        throw new AssertionError("marc4j wrote the record");
    }
}
