package org.quire.search.normalize;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
 * Identifiers from the real MARC files in shared/data/marc/bib: 020 $a/$z (ISBN, invalid ISBN), 010 $a/$z (LCCN),
 * 035 $a (OCLC when it carries an OCLC prefix). Every value normalises without an exception, and a search for the
 * value as stored finds its own record.
 */
class IdentifiersRealDataTest {

    static final Map<String, List<String>> VALUES = new LinkedHashMap<>();

    @BeforeAll
    static void read() throws IOException {
        Path dir = Path.of(System.getProperty("quire.shared.dir", "../shared")).resolve("data/marc/bib");
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(p -> p.toString().endsWith(".mrc") || p.toString().endsWith(".marcxml")).sorted().toList();
        }
        for (Path file : files) {
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
                    for (String tag : List.of("020", "010", "035")) {
                        for (VariableField f : record.getVariableFields(tag)) {
                            for (Subfield sf : ((DataField) f).getSubfields()) {
                                if (sf.getCode() == 'a' || sf.getCode() == 'z') {
                                    VALUES.computeIfAbsent(tag, t -> new ArrayList<>()).add(sf.getData());
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    @Test
    void isbnsIndexBothFormsAndFindThemselves() {
        List<String> isbns = VALUES.get("020");
        assertThat(isbns).hasSizeGreaterThan(10_000);
        int valid = 0;
        for (String v : isbns) {
            List<String> terms = Isbn.indexTerms(v);
            if (v.isBlank()) {
                continue;
            }
            assertThat(Matching.matches(Isbn.query(v), terms)).as(v).isTrue();
            String digits = v.strip().split("[ (]", 2)[0].replace("-", "").toUpperCase();
            if ((digits.length() == 10 && Isbn.isValid10(digits)) || (digits.length() == 13 && Isbn.isValid13(digits)
                    && digits.startsWith("978"))) {
                valid++;
                String isbn13 = digits.length() == 13 ? digits : Isbn.to13(digits);
                String isbn10 = digits.length() == 10 ? digits : Isbn.to10(digits);
                assertThat(terms).as(v).contains(isbn13, isbn10);
                // The truncations of the brief's kind find it: the first five digits of the ISBN-10, the first
                // seven of the ISBN-13, with a hyphen inside.
                assertThat(Matching.matches(Isbn.query(isbn10.substring(0, 4) + "-" + isbn10.charAt(4) + "*"), terms))
                        .as(v).isTrue();
                assertThat(Matching.matches(Isbn.query("978-" + isbn13.substring(3, 7) + "*"), terms)).as(v).isTrue();
            }
        }
        assertThat(valid).isGreaterThan(10_000);
    }

    @Test
    void lccnsFindThemselvesIgnoringCaseAndSpaces() {
        List<String> lccns = VALUES.get("010");
        assertThat(lccns).hasSizeGreaterThan(10_000);
        for (String v : lccns) {
            if (v.isBlank()) {
                continue;
            }
            List<String> terms = Lccn.indexTerms(v);
            assertThat(Matching.matches(Lccn.query(v), terms)).as(v).isTrue();
            assertThat(Matching.matches(Lccn.query(v.toUpperCase().replace(" ", "")), terms)).as(v).isTrue();
        }
    }

    @Test
    void oclcNumbersLoseTheirPrefixesAndLeadingZeros() {
        List<String> oclc = VALUES.get("035").stream()
                .filter(v -> v.startsWith("(OCoLC)") || v.startsWith("ocm") || v.startsWith("ocn") || v.startsWith("on"))
                .toList();
        assertThat(oclc).hasSizeGreaterThan(50);
        for (String v : oclc) {
            String n = Oclc.normalize(v);
            if (n == null) {
                continue;
            }
            assertThat(n).as(v).matches("[1-9][0-9-]*");
            assertThat(Oclc.normalize("(OCoLC)ocm000" + n)).isEqualTo(n);
        }
        for (String v : VALUES.get("035")) {
            Oclc.indexTerms(v);
            Oclc.query(v);
        }
    }
}
