package org.quire.bench;

import org.junit.jupiter.api.Test;
import org.quire.bench.BenchReport.LevelResult;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import javax.xml.parsers.DocumentBuilderFactory;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quire.bench.BenchSamples.CHECK_OUT;

class BenchHtmlReportTest {
    private static final String SVG_NAMESPACE = "http://www.w3.org/2000/svg";

    @Test
    void parsesAsXmlWithThreeChartsAndTheTables() throws Exception {
        String html = HtmlReport.render(BenchSamples.report());
        Document doc = parse(html);

        assertThat(doc.getElementsByTagName("svg").getLength()).isEqualTo(3);
        // Settings, machine, data set, resources, and per level: Quire, floor, ratios.
        assertThat(doc.getElementsByTagName("table").getLength()).isEqualTo(4 + 2 * 3);
        assertThat(texts(doc, "th")).contains("Request", "Total", "%KO", "Req/s", "Average", "Quire ÷ floor");
        assertThat(texts(doc, "td")).contains(CHECK_OUT, "12.35", "1.73×", "not measured");
        assertThat(texts(doc, "h2")).contains("1 user", "5 users", "Resources", "Notes");
    }

    @Test
    void theProfileSectionHasItsTablesPerLevelAndStillParses() throws Exception {
        Document doc = parse(HtmlReport.render(BenchSamples.withProfile(BenchSamples.report())));

        assertThat(texts(doc, "h2")).contains("Server profile");
        assertThat(texts(doc, "h3")).contains("Profile, 1 user: profile-1-users.jfr, 60 s, 100 CPU samples");
        assertThat(texts(doc, "h4")).hasSize(5).anyMatch(h -> h.startsWith("Samples by subsystem"));
        assertThat(texts(doc, "td")).contains("org.quire.X$$Lambda.<init>", "JSON (Jackson)", "60.0", "12.50 ms",
                "7.25 ms", "150.0 MB/s", "byte[]", "5.0");
        assertThat(texts(doc, "p")).contains("JFR & co");
        // Without --profile there is no such section.
        assertThat(texts(parse(HtmlReport.render(BenchSamples.report())), "h2")).doesNotContain("Server profile");
    }

    @Test
    void needsNothingFromTheNetwork() {
        String html = HtmlReport.render(BenchSamples.report());

        assertThat(html.replace(SVG_NAMESPACE, "")).doesNotContain("http:").doesNotContain("https:")
                .doesNotContain("src=").doesNotContain("<link").doesNotContain("<script");
    }

    @Test
    void labelsAreEscaped() throws Exception {
        BenchReport r = BenchSamples.report();
        String evil = "<script>alert('x')</script> & co";
        List<LevelResult> levels = r.levels().stream().map(l -> BenchSamples.relabel(l, CHECK_OUT, evil)).toList();
        String html = HtmlReport.render(BenchSamples.withLevels(r, levels));

        assertThat(html).doesNotContain("<script").contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; co");
        Document doc = parse(html);
        assertThat(texts(doc, "td")).contains(evil);
        // The chart's legend carries the label too.
        assertThat(texts(doc, "text")).anyMatch(t -> t.startsWith(evil));
    }

    @Test
    void theTimeChartsMarkEachLevel() throws Exception {
        Document doc = parse(HtmlReport.render(BenchSamples.report(61, 60)));
        List<Element> svgs = elements(doc.getDocumentElement(), "svg");

        for (Element chart : svgs.subList(1, 3)) {
            assertThat(texts(chart, "text")).contains("1 user × 61 tenants = 61", "5 users × 61 tenants = 305");
            // Two levels, one marker each, plus no other dashed grey lines.
            assertThat(elements(chart, "line").stream().filter(l -> l.getAttribute("stroke").equals("#888")))
                    .hasSize(2);
        }
        assertThat(texts(svgs.get(0), "text")).contains("users per tenant");
    }

    @Test
    void aRunThatMeasuredNothingStillRenders() throws Exception {
        BenchReport empty = new BenchReport("check-out-check-in", "2026-11-22T10:00:00Z", null, null, null, null,
                null, null, null, null, null);
        Document doc = parse(HtmlReport.render(empty));

        assertThat(elements(doc.getDocumentElement(), "svg")).hasSize(3)
                .allSatisfy(svg -> assertThat(texts(svg, "text")).contains("No data"));
        assertThat(MarkdownReport.render(empty)).contains("## Settings\n\nNot recorded.\n")
                .contains("| Peak RSS                     | not measured |");
    }

    @Test
    void aSingleLevelIsDrawnAsPoints() throws Exception {
        BenchReport r = BenchSamples.report();
        Document doc = parse(HtmlReport.render(BenchSamples.withLevels(r, r.levels().subList(0, 1))));
        Element byLevel = elements(doc.getDocumentElement(), "svg").get(0);

        // Two labels × three percentiles, one level each.
        assertThat(elements(byLevel, "circle")).hasSize(6);
        assertThat(elements(byLevel, "polyline")).isEmpty();
    }

    @Test
    void aLongTimelineKeepsTheFileSmall() throws Exception {
        BenchReport shortRun = BenchSamples.report(1, 60);
        BenchReport longRun = BenchSamples.report(1, 10_000);
        String html = HtmlReport.render(longRun);

        assertThat(html.length()).isLessThan(120_000);
        assertThat(html.length() - HtmlReport.render(shortRun).length()).isLessThan(60_000);
        Document doc = parse(html);
        for (Element line : elements(doc.getDocumentElement(), "polyline")) {
            assertThat(line.getAttribute("points").split(" ").length).isLessThanOrEqualTo(BenchCharts.MAX_POINTS);
        }
        // Thinning keeps the whole run: the latency chart's last point still sits at the plot's right edge.
        Element latency = elements(doc.getDocumentElement(), "svg").get(1);
        double right = elements(latency, "polyline").stream()
                .flatMap(l -> List.of(l.getAttribute("points").split(" ")).stream())
                .mapToDouble(p -> Double.parseDouble(p.split(",")[0])).max().orElseThrow();
        assertThat(right).isGreaterThan(930);
    }

    private static Document parse(String html) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        return f.newDocumentBuilder().parse(new ByteArrayInputStream(html.getBytes(StandardCharsets.UTF_8)));
    }

    private static List<String> texts(Document doc, String tag) {
        return texts(doc.getDocumentElement(), tag);
    }

    private static List<String> texts(Element root, String tag) {
        return elements(root, tag).stream().map(e -> {
            // A legend entry holds its full name in a <title> child; read the visible text only.
            StringBuilder s = new StringBuilder();
            for (int i = 0; i < e.getChildNodes().getLength(); i++) {
                if (e.getChildNodes().item(i).getNodeType() == org.w3c.dom.Node.TEXT_NODE) {
                    s.append(e.getChildNodes().item(i).getNodeValue());
                }
            }
            return s.toString();
        }).toList();
    }

    private static List<Element> elements(Element root, String tag) {
        NodeList nodes = root.getElementsByTagName(tag);
        List<Element> out = new ArrayList<>();
        for (int i = 0; i < nodes.getLength(); i++) out.add((Element) nodes.item(i));
        return out;
    }
}
