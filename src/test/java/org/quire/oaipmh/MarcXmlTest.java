package org.quire.oaipmh;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.marc4j.MarcXmlReader;
import org.marc4j.marc.Record;
import org.quire.marc.MarcFiles;
import org.quire.marc.MarcRecordOrError;
import org.quire.marc.MarcRecords;
import org.quire.platform.Json;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * MARCXML written as the MARC-in-JSON is read: PostgreSQL's key order (fields before leader), the 999 ff
 * suppression subfield, the fields marc21_withholdings adds, XML escaping, and shapes SRS never stores but a
 * malformed record could have.
 */
class MarcXmlTest {
    static final String OPEN = "<record xmlns=\"http://www.loc.gov/MARC21/slim\" xmlns:xsi=\"http://www.w3.org/2001/"
            + "XMLSchema-instance\" xsi:schemaLocation=\"http://www.loc.gov/MARC21/slim http://www.loc.gov/standards/"
            + "marcxml/schema/MARC21slim.xsd\">";

    static String xml(String json, Boolean suppressed, List<MarcXml.Field> extra) {
        Utf8Buffer out = new Utf8Buffer(16).add("<metadata>");
        MarcXml.start(json.getBytes(StandardCharsets.UTF_8), suppressed, out);
        MarcXml.end(extra, out);
        return out.add("</metadata>").toString();
    }

    static String body(String xml) {
        assertThat(xml).startsWith("<metadata>" + OPEN).endsWith("</record></metadata>");
        return xml.substring(("<metadata>" + OPEN).length(), xml.length() - "</record></metadata>".length());
    }

    @Test
    void leaderAfterFields_asJsonbWritesIt_isWrittenFirst_andTheTreeGivesTheSame() {
        String json = "{\"fields\": [{\"001\": \"in00001\"}, {\"245\": {\"ind1\": \"1\", \"ind2\": \"0\", "
                + "\"subfields\": [{\"a\": \"Tom & Jerry <b>\"}, {\"c\": \"by \\\"us\\\"\"}]}}], "
                + "\"leader\": \"00000nam a2200000 a 4500\"}";
        String out = xml(json, null, List.of());
        assertThat(body(out)).isEqualTo("<leader>00000nam a2200000 a 4500</leader>"
                + "<controlfield tag=\"001\">in00001</controlfield>"
                + "<datafield tag=\"245\" ind1=\"1\" ind2=\"0\"><subfield code=\"a\">Tom &amp; Jerry &lt;b&gt;</subfield>"
                + "<subfield code=\"c\">by \"us\"</subfield></datafield>");

        ObjectNode tree = Json.parseObject(json);
        Utf8Buffer fromTree = new Utf8Buffer(16).add("<metadata>");
        MarcXml.start(tree, null, fromTree);
        MarcXml.end(List.of(), fromTree);
        assertThat(fromTree.add("</metadata>").toString()).isEqualTo(out);
    }

    @Test
    void suppression_addsTOnceToTheFirst999ff_unlessItHasOne() {
        String json = "{\"leader\": \"x\", \"fields\": [{\"999\": {\"ind1\": \" \", \"ind2\": \" \", \"subfields\": "
                + "[{\"a\": \"1\"}]}}, {\"999\": {\"subfields\": [{\"i\": \"id\"}], \"ind1\": \"f\", \"ind2\": \"f\"}}, "
                + "{\"999\": {\"ind1\": \"f\", \"ind2\": \"f\", \"subfields\": [{\"s\": \"2\"}]}}]}";
        assertThat(body(xml(json, true, List.of()))).isEqualTo("<leader>x</leader>"
                + "<datafield tag=\"999\" ind1=\" \" ind2=\" \"><subfield code=\"a\">1</subfield></datafield>"
                + "<datafield tag=\"999\" ind1=\"f\" ind2=\"f\"><subfield code=\"i\">id</subfield>"
                + "<subfield code=\"t\">1</subfield></datafield>"
                + "<datafield tag=\"999\" ind1=\"f\" ind2=\"f\"><subfield code=\"s\">2</subfield></datafield>");
        assertThat(xml(json, false, List.of())).contains("<subfield code=\"t\">0</subfield>");
        assertThat(xml(json, null, List.of())).doesNotContain("code=\"t\"");

        String hasT = "{\"fields\": [{\"999\": {\"ind1\": \"f\", \"ind2\": \"f\", \"subfields\": [{\"t\": \"0\"}]}}]}";
        assertThat(body(xml(hasT, true, List.of()))).isEqualTo("<leader></leader><datafield tag=\"999\" ind1=\"f\" "
                + "ind2=\"f\"><subfield code=\"t\">0</subfield></datafield>");
    }

    @Test
    void extraFields_followTheRecordsOwn() {
        String json = "{\"leader\": \"x\", \"fields\": [{\"001\": \"a\"}]}";
        MarcXml.Field f952 = new MarcXml.Field("952", "f", "f", List.of(new MarcXml.Subfield("a", "Inst"),
                new MarcXml.Subfield("m", "b<1>")));
        assertThat(body(xml(json, null, List.of(f952)))).isEqualTo("<leader>x</leader>"
                + "<controlfield tag=\"001\">a</controlfield><datafield tag=\"952\" ind1=\"f\" ind2=\"f\">"
                + "<subfield code=\"a\">Inst</subfield><subfield code=\"m\">b&lt;1&gt;</subfield></datafield>");
    }

    @Test
    void oddShapes_areWrittenOrSkipped_neverFail() {
        String json = "{\"extra\": {\"deep\": [1, {\"x\": 2}]}, \"fields\": [{}, 7, {\"008\": [\"not\", \"text\"]}, "
                + "{\"005\": 20260101, \"other\": {\"x\": 1}}, {\"500\": {\"ind1\": null, \"ind2\": \"\", "
                + "\"subfields\": [{}, \"loose\", {\"a\": {\"nested\": true}}, {\"b\": null}, {\"c\": \"ok\", \"d\": \"x\"}],"
                + " \"more\": [1]}}, {\"600\": {\"ind1\": \"12\"}}], \"leader\": [\"odd\"]}";
        assertThat(body(xml(json, null, List.of()))).isEqualTo("<leader></leader>"
                + "<controlfield tag=\"008\"></controlfield><controlfield tag=\"005\">20260101</controlfield>"
                + "<datafield tag=\"500\" ind1=\" \" ind2=\" \"><subfield code=\"a\"></subfield>"
                + "<subfield code=\"b\">null</subfield><subfield code=\"c\">ok</subfield></datafield>"
                + "<datafield tag=\"600\" ind1=\"1\" ind2=\" \"></datafield>");
        assertThat(body(xml("{}", null, List.of()))).isEqualTo("<leader></leader>");
    }

    /** Real records in several scripts: Latin with combining accents, Hebrew, Armenian and Cyrillic. */
    static List<Record> realRecords() throws Exception {
        List<Record> all = new java.util.ArrayList<>();
        for (String file : List.of("folio-data-import-100.mrc", "evergreen-hebrew.marc8.mrc",
                "evergreen-fsl-armenian-cyrillic.mrc")) {
            Path path = Path.of(System.getProperty("quire.shared.dir", "../shared")).resolve("data/marc/bib/" + file);
            try (Stream<MarcRecordOrError> entries = MarcFiles.read(path)) {
                entries.filter(e -> !e.isError()).limit(50).map(MarcRecordOrError::record).forEach(all::add);
            }
        }
        assertThat(all).hasSizeGreaterThan(100);
        return all;
    }

    /** Written from the JSON's bytes by the direct path, which must take it. */
    static String direct(String json, Boolean suppressed) {
        Utf8Buffer out = new Utf8Buffer(16).add("<metadata>");
        assertThat(MarcXmlDirect.start(json.getBytes(StandardCharsets.UTF_8), suppressed, out)).as(json).isTrue();
        MarcXml.end(List.of(), out);
        return out.add("</metadata>").toString();
    }

    /** Written by the parser's path (from the tree: the same token stream). */
    static String parsed(String json, Boolean suppressed) {
        Utf8Buffer out = new Utf8Buffer(16).add("<metadata>");
        MarcXml.start(Json.parse(json), suppressed, out);
        MarcXml.end(List.of(), out);
        return out.add("</metadata>").toString();
    }

    /** Written from the JSON's bytes through MarcXml, and read back with marc4j's MARCXML reader. */
    @Test
    void realRecords_readBackWithMarc4jToTheSameRecord_andBothPathsWriteTheSame() throws Exception {
        for (Record r : realRecords()) {
            ObjectNode json = MarcRecords.toMarcJson(r);
            Record back = new MarcXmlReader(new ByteArrayInputStream(xml(Json.write(json), null, List.of())
                    .replace("<metadata>", "").replace("</metadata>", "").getBytes(StandardCharsets.UTF_8))).next();
            assertThat(MarcRecords.toMarcJson(back)).as(r.getControlNumber()).isEqualTo(json);

            String compact = Json.write(json), blanks = json.toPrettyString(); // blanks: as jsonb printed them
            assertThat(direct(compact, true)).isEqualTo(parsed(compact, true));
            assertThat(direct(blanks, null)).isEqualTo(parsed(compact, null));
        }
    }

    @Test
    void direct_takesTheEscapesJacksonWrites_andSuppression() {
        String json = "{\"fields\": [{\"001\": \"a\\\\b\\/c\"}, {\"2<5\": {\"ind1\": \"\", \"ind2\": \"&\", "
                + "\"subfields\": [{\"\\\"\": \"Tom & \\\"Jerry\\\" <b> \u00e9 \u4e2d \ud83d\ude00\"}]}}, "
                + "{\"999\": {\"ind1\": \"f\", \"ind2\": \"f\", \"subfields\": []}}, "
                + "{\"999\": {\"ind1\": \"f\", \"ind2\": \"f\", \"subfields\": [{\"t\": \"0\"}]}}], \"leader\": \"x>y\"}";
        String out = direct(json, true);
        assertThat(out).isEqualTo(parsed(json, true)).contains("<leader>x&gt;y</leader>")
                .contains("<controlfield tag=\"001\">a\\b/c</controlfield>")
                .contains("<datafield tag=\"2&lt;5\" ind1=\" \" ind2=\"&amp;\"><subfield code=\"&quot;\">Tom &amp; "
                        + "\"Jerry\" &lt;b&gt; \u00e9 \u4e2d \ud83d\ude00</subfield>")
                .contains("<datafield tag=\"999\" ind1=\"f\" ind2=\"f\"><subfield code=\"t\">1</subfield></datafield>"
                        + "<datafield tag=\"999\" ind1=\"f\" ind2=\"f\"><subfield code=\"t\">0</subfield>");
        assertThat(direct("{}", null)).isEqualTo(parsed("{}", null));
        assertThat(direct("{\"fields\": []}", false)).isEqualTo(parsed("{\"fields\": []}", false));
    }

    /** Shapes the direct path leaves to the parser's, which writes them (or drops what XML cannot carry). */
    @Test
    void direct_leavesOtherShapesToTheParser_writingNothing() {
        for (String json : List.of("{\"fields\": [{\"001\": \"a\\u0001b\"}]}", "{\"fields\": [{\"001\": \"a\\nb\"}]}",
                "{\"fields\": [{\"001\": \"\uFFFE\"}]}", "{\"fields\": [{}]}", "{\"fields\": [{\"001\": 5}]}",
                "{\"fields\": [{\"245\": {\"subfields\": [], \"ind1\": \"1\", \"ind2\": \"0\"}}]}",
                "{\"fields\": [{\"245\": {\"ind1\": \"é\", \"ind2\": \"0\", \"subfields\": []}}]}",
                "{\"fields\": [{\"001\": \"a\", \"x\": 1}]}", "{\"leader\": \"a\", \"leader\": \"b\"}",
                "{\"other\": 1}", "{\"fields\": [{\"001\": \"a\"}]} x", "{\"fields\": [{\"001\": \"a", "[]", "")) {
            Utf8Buffer out = new Utf8Buffer(4).add("before");
            assertThat(MarcXmlDirect.start(json.getBytes(StandardCharsets.UTF_8), null, out)).as(json).isFalse();
            assertThat(out.toString()).isEqualTo("before");
        }
        assertThat(body(xml("{\"fields\": [{\"001\": \"a\\u0001b\\nc\uFFFEd\"}]}", null, List.of())))
                .isEqualTo("<leader></leader><controlfield tag=\"001\">ab\ncd</controlfield>");
    }

    @Test
    void xmlEscaping_dropsWhatXmlCannotCarry_keepsSurrogatePairs() {
        String value = "a\u0001b\tc\u001Fd\uFFFEe\uD800f\uD83D\uDE00g\"h'&<>\u0085\u07FF\u0800\uFFFD";
        String kept = "ab\tcdef\uD83D\uDE00g\"h'&amp;&lt;&gt;\u0085\u07FF\u0800\uFFFD";
        assertThat(new Utf8Buffer(1).text(value).toString()).isEqualTo(kept);
        char[] chars = ("[" + value + "\uD83D]").toCharArray(); // the parser's buffer: a window of a longer array
        Utf8Buffer fromChars = new Utf8Buffer(1);
        fromChars.text(chars, 1, chars.length - 2);
        assertThat(fromChars.toString()).isEqualTo(kept);
        assertThat(new Utf8Buffer(1).attribute(value + "\uDC00").toString())
                .isEqualTo(kept.replace("g\"h", "g&quot;h"));
        assertThat(new Utf8Buffer(1).text("nothing to escape é").toByteArray())
                .isEqualTo("nothing to escape é".getBytes(StandardCharsets.UTF_8));
    }
}
