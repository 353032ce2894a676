package org.quire.marc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.marc4j.marc.Record;
import org.quire.marc.rules.MappingRules;
import org.quire.marc.rules.MarcMapper;
import org.quire.app.ReferenceData;
import org.quire.marc.rules.RulesType;

class MarcFilesTest {

    static List<MarcRecordOrError> readAll(Path file) throws IOException {
        try (Stream<MarcRecordOrError> entries = MarcFiles.read(file)) {
            return entries.toList();
        }
    }

    static final MarcMapper BIB = MappingRules.defaultMapper(RulesType.MARC_BIB, ReferenceData.lookups());

    /** The record's title as the default MARC-bib rules map it (245 $a n p b c f g h k s). */
    static String title(Record r) {
        return BIB.toInstance(r).path("title").asText();
    }

    @Test
    void readsAllTwentyThousandLcRecordsWithoutError() throws IOException {
        List<MarcRecordOrError> entries = readAll(TestData.bib(TestData.LC_FILE));

        assertThat(entries).hasSize(20_000);
        assertThat(entries).noneMatch(MarcRecordOrError::isError);
        assertThat(entries.get(0).index()).isEqualTo(1);
        assertThat(entries.get(19_999).index()).isEqualTo(20_000);
        assertThat(entries.get(0).record().getControlNumber().strip()).isEqualTo("00000002");
    }

    @Test
    void decodesMarc8DiacriticsToComposedUnicode() throws IOException {
        List<MarcRecordOrError> entries = readAll(TestData.bib("evergreen-lul-french-500.marc8.mrc"));

        assertThat(entries).hasSize(500).noneMatch(MarcRecordOrError::isError);
        String title = title(entries.get(1).record());
        // "é" must be the single code point U+00E9, not "e" + combining accent or mojibake.
        assertThat(title).isEqualTo("Le divin : exp\u00e9riences et hypoth\u00e8ses : \u00e9tudes psychologiques.");
    }

    @Test
    void readsUtf8RecordsWhoseLeaderClaimsMarc8() throws IOException {
        // Leader/09 is blank in this file although the bytes are UTF-8 Cyrillic.
        List<MarcRecordOrError> entries = readAll(TestData.bib("evergreen-fsl-armenian-cyrillic.mrc"));

        assertThat(entries).hasSize(52).noneMatch(MarcRecordOrError::isError);
        assertThat(title(entries.get(0).record()))
                .isEqualTo("Люди с чистой совестью : [Воспоминания] / П. Вершигора; Ил. И.И. Пчелко.");
    }

    @Test
    void readsMarcXmlFiles() throws IOException {
        List<MarcRecordOrError> chicago = readAll(TestData.bib("folio-uchicago-samplebibs.marcxml"));
        // Ten of them have more than the 99,999 bytes ISO 2709 allows (hundreds of 880 fields), which SRS's raw
        // record could not hold: error entries (MarcLimits).
        assertThat(chicago).hasSize(62).filteredOn(MarcRecordOrError::isError).hasSize(10)
                .allSatisfy(e -> assertThat(e.error()).startsWith("oversize record: "));

        // A namespaced <marcxml:collection> wrapper, as written by marc2bibframe2's test data.
        List<MarcRecordOrError> dnb = readAll(TestData.bib("marc2bibframe2-dnb.marcxml"));
        assertThat(dnb).hasSize(99).noneMatch(MarcRecordOrError::isError);
        assertThat(dnb.get(0).record().getControlNumber().strip()).isEqualTo("010028277");
    }

    @Test
    void badRecordsBecomeErrorEntriesAndReadingContinues() throws IOException {
        Path file = TestData.shared().resolve("data/marc/edge-cases/pymarc-bad_records.mrc");

        List<MarcRecordOrError> entries = readAll(file);

        assertThat(entries).extracting(MarcRecordOrError::index)
                .containsExactly(1, 2, 3, 4, 5, 6, 7, 8);
        assertThat(entries).filteredOn(e -> !e.isError())
                .extracting(MarcRecordOrError::index).containsExactly(1, 8);
        // Record 4's directory is 13 bytes: marc4j would guess past it, Iso2709Frame names it instead.
        assertThat(entries.get(3).error()).isEqualTo("bad directory: its 13 bytes are not a whole number of 12-byte entries");
        assertThat(entries).filteredOn(MarcRecordOrError::isError)
                .allSatisfy(e -> assertThat(e.error()).isNotBlank());
    }

    /** An import's progress total counts without parsing: it must be the number of entries reading gives. */
    @Test
    void countIsTheNumberOfEntries_forEveryFormatAndEveryEdgeCaseFile() throws IOException {
        List<Path> files = new java.util.ArrayList<>();
        try (Stream<Path> edge = Files.list(TestData.shared().resolve("data/marc/edge-cases"))) {
            files.addAll(edge.sorted().toList());
        }
        files.add(TestData.bib("evergreen-lul-french-500.marc8.mrc"));
        files.add(TestData.bib("folio-uchicago-samplebibs.marcxml"));
        for (Path file : files) {
            assertThat(MarcFiles.count(file)).as(file.getFileName().toString()).isEqualTo(readAll(file).size());
        }
        assertThat(MarcFiles.count(TestData.bib("evergreen-lul-french-500.marc8.mrc"))).isEqualTo(500);
    }

    @Test
    void everyEdgeCaseFileIteratesToTheEndWithoutThrowing() throws IOException {
        try (Stream<Path> files = Files.list(TestData.shared().resolve("data/marc/edge-cases"))) {
            for (Path file : files.sorted().toList()) {
                List<MarcRecordOrError> entries = readAll(file);
                assertThat(entries).as(file.getFileName().toString()).isNotEmpty();
                for (MarcRecordOrError e : entries) {
                    // (that each record read maps without throwing is MarcMapperRealDataTest's)
                    assertThat((e.record() == null) != (e.error() == null)).isTrue();
                }
            }
        }
    }

    @Test
    void subfieldCodeInUtf8InAMarc8RecordWithCharacterCountedLengths_isABadLeader() throws IOException {
        // The leader counts 755 bytes, the record has 756 (its UTF-8 'á' counted as one): marc4j's permissive reader
        // guessed its way through; the frame check refuses it, as FOLIO's strict reader does.
        Path file = TestData.shared().resolve("data/marc/edge-cases/pymarc-bad_subfield_code.dat");

        List<MarcRecordOrError> entries = readAll(file);

        assertThat(entries).hasSize(1);
        assertThat(entries.get(0).error()).isEqualTo("bad leader: the record length says 755 bytes but the record has 756");
    }

    @Test
    void garbageAndTruncatedInputGiveErrorsNotExceptions(@TempDir Path dir) throws IOException {
        byte[] good = Files.readAllBytes(TestData.shared().resolve("data/marc/edge-cases/pymarc-alphatag.dat"));
        byte[] garbage = "this is not MARC at all\u001d".getBytes(StandardCharsets.US_ASCII);
        byte[] truncated = java.util.Arrays.copyOf(good, 200); // no terminator, lying length
        Path file = dir.resolve("mixed.mrc");
        Files.write(file, concat(good, garbage, good, truncated));

        List<MarcRecordOrError> entries = readAll(file);

        assertThat(entries).hasSize(4);
        assertThat(entries.get(0).isError()).isFalse();
        assertThat(entries.get(1).isError()).isTrue();
        assertThat(entries.get(2).isError()).isFalse();
        assertThat(entries.get(3).index()).isEqualTo(4);
    }

    @Test
    void malformedXmlKeepsEarlierRecordsAndEndsWithOneError(@TempDir Path dir) throws IOException {
        String record = "<record><leader>00000nam a2200000 a 4500</leader>"
                + "<controlfield tag=\"001\">x1</controlfield>"
                + "<datafield tag=\"245\" ind1=\"0\" ind2=\"0\"><subfield code=\"a\">Caf\u00e9 /</subfield></datafield>"
                + "</record>";
        Path file = dir.resolve("broken.xml");
        // Byte-order mark first, then a well-formed record, then a record cut off mid-element.
        Files.writeString(file, "\uFEFF<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                + "<collection xmlns=\"http://www.loc.gov/MARC21/slim\">" + record + "<record><leader>0000");

        List<MarcRecordOrError> entries = readAll(file);

        assertThat(entries).hasSize(2);
        assertThat(title(entries.get(0).record()))
                .isEqualTo("Caf\u00e9 /");
        assertThat(entries.get(1).error()).startsWith("MARCXML parse error");
    }

    @Test
    void emptyFileHasNoEntries(@TempDir Path dir) throws IOException {
        Path file = Files.write(dir.resolve("empty.mrc"), new byte[0]);
        assertThat(readAll(file)).isEmpty();
    }

    @Test
    void missingFileThrowsIoException(@TempDir Path dir) {
        assertThatThrownBy(() -> MarcFiles.read(dir.resolve("nope.mrc")))
                .isInstanceOf(NoSuchFileException.class);
    }

    @Test
    void entryHoldsExactlyOneOfRecordAndError() {
        assertThatThrownBy(() -> new MarcRecordOrError(1, null, null))
                .isInstanceOf(IllegalArgumentException.class);
    }

    private static byte[] concat(byte[]... parts) {
        var out = new java.io.ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }
}
