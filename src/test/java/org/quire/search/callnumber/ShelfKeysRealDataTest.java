package org.quire.search.callnumber;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.marc4j.MarcPermissiveStreamReader;
import org.marc4j.MarcReader;
import org.marc4j.MarcXmlReader;
import org.marc4j.marc.DataField;
import org.marc4j.marc.Subfield;
import org.marc4j.marc.VariableField;

/**
 * Call numbers from the real MARC files in shared/data/marc/bib (LC's 2016 books file, NLM, Cornell, Chicago,
 * Evergreen …): 050/090 (LC), 082 (Dewey), 060 (NLM), 086 (SuDoc). Checks that nothing throws, that the classifier
 * agrees with the field the value came from, and that sorting by shelf key orders LC and Dewey numbers by an
 * independent reading of their class numbers and cutters.
 */
class ShelfKeysRealDataTest {

    /** Call numbers per source: "050" … "086", and "050@lc" for the LC books file alone. */
    static final Map<String, List<String>> CALL_NUMBERS = new LinkedHashMap<>();

    @BeforeAll
    static void readMarcFiles() throws IOException {
        Path dir = Path.of(System.getProperty("quire.shared.dir", "../shared")).resolve("data/marc/bib");
        assertThat(dir).as("shared MARC data").isDirectory();
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(p -> p.toString().endsWith(".mrc") || p.toString().endsWith(".marcxml")).sorted().toList();
        }
        for (Path file : files) {
            boolean lcFile = file.getFileName().toString().startsWith("lc-booksall");
            try (InputStream in = Files.newInputStream(file)) {
                MarcReader reader = file.toString().endsWith(".marcxml")
                        ? new MarcXmlReader(in) : new MarcPermissiveStreamReader(in, true, true);
                while (reader.hasNext()) {
                    org.marc4j.marc.Record record;
                    try {
                        record = reader.next();
                    } catch (RuntimeException e) {
                        continue;
                    }
                    for (String tag : List.of("050", "090", "082", "060", "086")) {
                        for (VariableField f : record.getVariableFields(tag)) {
                            String cn = callNumber((DataField) f, tag.equals("086") ? "a" : "ab");
                            CALL_NUMBERS.computeIfAbsent(tag, t -> new ArrayList<>()).add(cn);
                            if (lcFile) {
                                CALL_NUMBERS.computeIfAbsent(tag + "@lc", t -> new ArrayList<>()).add(cn);
                            }
                        }
                    }
                }
            }
        }
    }

    private static String callNumber(DataField f, String codes) {
        StringBuilder sb = new StringBuilder();
        for (Subfield sf : f.getSubfields()) {
            if (codes.indexOf(sf.getCode()) >= 0) {
                sb.append(sb.isEmpty() ? "" : " ").append(sf.getData());
            }
        }
        return sb.toString();
    }

    private static List<String> values(String source) {
        return CALL_NUMBERS.getOrDefault(source, List.of());
    }

    @Test
    void theFilesHoldEnoughCallNumbers() {
        assertThat(values("050@lc")).hasSizeGreaterThan(15_000);
        assertThat(values("082@lc")).hasSizeGreaterThan(10_000);
        assertThat(values("060")).hasSizeGreaterThan(500);
        assertThat(values("086")).isNotEmpty();
    }

    @Test
    void everyRealCallNumberGetsABoundedDeterministicKeyInEveryScheme() {
        int n = 0;
        for (List<String> list : CALL_NUMBERS.values()) {
            for (String cn : list) {
                for (CallNumberScheme scheme : CallNumberScheme.values()) {
                    String key = ShelfKeys.of(scheme, cn);
                    assertThat(key.length()).isLessThanOrEqualTo(ShelfKeys.MAX_LENGTH);
                    assertThat(ShelfKeys.of(scheme, cn)).isEqualTo(key);
                }
                assertThat(ShelfKeys.of(cn)).isNotNull();
                assertThat(ShelfKeys.forItem(null, cn, "v.1", "no.2", "1999", "c.1", "suppl.")).isNotNull();
                n++;
            }
        }
        assertThat(n).isGreaterThan(40_000);
    }

    @Test
    void classifierAgreesWithTheFieldTheValueCameFrom() {
        // LC's own 050s: all LC but for a handful of "LAW", "Microfilm 35334 G" style shelving notes.
        assertThat(share(values("050@lc"), CallNumberScheme.LC)).isGreaterThan(0.99);
        // LC's 082s: Dewey but for the "[E]" and "[Fic]" labels of children's books, which must be OTHER.
        List<String> dewey = values("082@lc");
        assertThat(share(dewey, CallNumberScheme.DEWEY)).isGreaterThan(0.95);
        assertThat(dewey.stream().filter(cn -> cn.matches("\\[?(E|Fic)]?")))
                .allMatch(cn -> CallNumberClassifier.classify(cn) == CallNumberScheme.OTHER);
        // 060 holds NLM numbers, and LC numbers for non-medical subjects (QH 581 …), never Dewey or SuDoc.
        List<String> nlm = values("060");
        assertThat(share(nlm, CallNumberScheme.NLM)).isGreaterThan(0.75);
        assertThat(nlm).noneMatch(cn -> CallNumberClassifier.classify(cn) == CallNumberScheme.SUDOC);
        assertThat(values("086")).allMatch(cn -> CallNumberClassifier.classify(cn) == CallNumberScheme.SUDOC);
    }

    private static double share(List<String> values, CallNumberScheme scheme) {
        return values.stream().filter(cn -> CallNumberClassifier.classify(cn) == scheme).count()
                / (double) values.size();
    }

    /** Class letters, class number (integer and decimal part), first cutter letter and cutter digits as a decimal. */
    private static final Pattern LC_PARTS =
            Pattern.compile("^([A-Z]{1,3}) ?(\\d+)(\\.\\d+)?(?: ?\\.?([A-Z])(\\d+)(?=[ .A-Z]|$))?");

    record LcParts(String letters, BigInteger number, BigDecimal decimal, String cutter, BigDecimal cutterDecimal) {
        static LcParts parse(String cn) {
            Matcher m = LC_PARTS.matcher(cn.strip().toUpperCase());
            if (!m.find()) {
                return null;
            }
            return new LcParts(m.group(1), new BigInteger(m.group(2)),
                    m.group(3) == null ? BigDecimal.ZERO : new BigDecimal("0" + m.group(3)),
                    m.group(4), m.group(5) == null ? null : new BigDecimal("0." + m.group(5)));
        }
    }

    @Test
    void realLcNumbersSortedByKeyAreInClassAndCutterOrder() {
        List<String> lc = values("050@lc").stream()
                .filter(cn -> CallNumberClassifier.classify(cn) == CallNumberScheme.LC)
                .filter(cn -> LcParts.parse(cn) != null)
                .sorted(Comparator.comparing((String cn) -> ShelfKeys.of(CallNumberScheme.LC, cn)))
                .toList();
        assertThat(lc).hasSizeGreaterThan(15_000);
        int cutterPairs = 0;
        for (int i = 0; i + 1 < lc.size(); i++) {
            LcParts a = LcParts.parse(lc.get(i));
            LcParts b = LcParts.parse(lc.get(i + 1));
            String pair = lc.get(i) + " then " + lc.get(i + 1);
            assertThat(a.letters()).as(pair).isLessThanOrEqualTo(b.letters());
            if (!a.letters().equals(b.letters())) {
                continue;
            }
            assertThat(a.number()).as(pair).isLessThanOrEqualTo(b.number());
            if (!a.number().equals(b.number())) {
                continue;
            }
            assertThat(a.decimal()).as(pair).isLessThanOrEqualTo(b.decimal());
            if (a.decimal().compareTo(b.decimal()) != 0 || a.cutter() == null || b.cutter() == null) {
                continue;
            }
            assertThat(a.cutter()).as(pair).isLessThanOrEqualTo(b.cutter());
            if (a.cutter().equals(b.cutter())) {
                assertThat(a.cutterDecimal()).as(pair).isLessThanOrEqualTo(b.cutterDecimal());
                cutterPairs++;
            }
        }
        assertThat(cutterPairs).as("pairs that share class number and cutter letter").isGreaterThan(1_000);
    }

    private static final Pattern DEWEY_NUMBER = Pattern.compile("^(\\d{3}(?:\\.\\d+)?)");

    @Test
    void realDeweyNumbersSortedByKeyAreInNumericOrder() {
        List<String> dewey = values("082@lc").stream()
                .filter(cn -> CallNumberClassifier.classify(cn) == CallNumberScheme.DEWEY)
                .sorted(Comparator.comparing((String cn) -> ShelfKeys.of(CallNumberScheme.DEWEY, cn)))
                .toList();
        assertThat(dewey).hasSizeGreaterThan(10_000);
        BigDecimal previous = BigDecimal.ZERO;
        String previousValue = "";
        for (String cn : dewey) {
            String plain = cn.replace("/", "").replace("'", "");
            if (plain.matches("^\\d{4}.*")) {
                plain = plain.substring(0, 3) + "." + plain.substring(3); // "973/0496073" is 973.0496073
            }
            Matcher m = DEWEY_NUMBER.matcher(plain);
            assertThat(m.find()).as(cn).isTrue();
            BigDecimal number = new BigDecimal(m.group(1));
            assertThat(number).as(previousValue + " then " + cn).isGreaterThanOrEqualTo(previous);
            previous = number;
            previousValue = cn;
        }
    }

    @Test
    void realSudocAndNlmNumbersSortWithoutTies() {
        // Distinct real SuDoc and NLM numbers get distinct keys unless they differ only in spacing, case or punctuation.
        for (String source : List.of("086", "060")) {
            List<String> distinct = values(source).stream().distinct().toList();
            long keys = distinct.stream().map(ShelfKeys::of).distinct().count();
            long normalised = distinct.stream().map(cn -> cn.toUpperCase().replaceAll("[^A-Z0-9]", "")).distinct().count();
            assertThat(keys).as(source).isGreaterThanOrEqualTo(normalised * 95 / 100);
        }
    }
}
