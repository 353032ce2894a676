package org.quire.oaipmh;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * oai_dc from a MARC bib, after the Library of Congress's MARC21slim2OAIDC.xsl that mod-oai-pmh applies (its
 * XSLTMapper), done in Java: title 245 $abfghk; creator 100/110/111/700/710/711/720; type from Leader/06–07 and 655;
 * publisher 260 $ab; date 260 $c; language 008/35–37; format 856 $q; description 500–599 $a except
 * 506/530/540/546; subject 600/610/611/630/650/653 $abcdq; identifier 856 $u and 020 $a as URN:ISBN; rights 506 $a,
 * 540 $a; relation 530 and 760–787 $o/$t; coverage 752. Subfield values are joined with a space where the
 * stylesheet concatenates them.
 */
final class DublinCore {
    static final String OAI_DC = "http://www.openarchives.org/OAI/2.0/oai_dc/";
    static final String DC = "http://purl.org/dc/elements/1.1/";

    private DublinCore() {
    }

    private static final Set<String> CREATORS = Set.of("100", "110", "111", "700", "710", "711", "720");
    private static final Set<String> SUBJECTS = Set.of("600", "610", "611", "630", "650", "653");
    private static final Set<String> NOT_DESCRIPTION = Set.of("506", "530", "540", "546");

    static void write(JsonNode marc, Utf8Buffer out) {
        out.add("<oai_dc:dc xmlns:oai_dc=\"" + OAI_DC + "\" xmlns:dc=\"" + DC
                + "\" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" xsi:schemaLocation=\""
                + OAI_DC + " http://www.openarchives.org/OAI/2.0/oai_dc.xsd\">");
        String leader = marc.path("leader").asText("");
        char l6 = leader.length() > 6 ? leader.charAt(6) : ' ';
        char l7 = leader.length() > 7 ? leader.charAt(7) : ' ';
        String f008 = "";
        List<Map.Entry<String, JsonNode>> fields = new ArrayList<>();
        for (JsonNode field : marc.path("fields")) {
            Iterator<Map.Entry<String, JsonNode>> it = field.properties().iterator();
            if (!it.hasNext()) continue;
            Map.Entry<String, JsonNode> f = it.next();
            if (f.getKey().equals("008") && !f.getValue().isObject()) f008 = f.getValue().asText();
            if (f.getValue().isObject()) fields.add(f);
        }
        for (var f : fields) if (f.getKey().equals("245")) element("title", subfields(f.getValue(), "abfghk", " "), out);
        for (var f : fields) if (CREATORS.contains(f.getKey())) element("creator", subfields(f.getValue(), null, " "), out);
        String type = type(l6, l7);
        if (!type.isEmpty()) element("type", type, out);
        for (var f : fields) if (f.getKey().equals("655")) element("type", subfields(f.getValue(), null, " "), out);
        for (var f : fields) if (f.getKey().equals("260")) element("publisher", subfields(f.getValue(), "ab", " "), out);
        for (var f : fields) if (f.getKey().equals("260")) each(f.getValue(), 'c', "date", out);
        if (f008.length() >= 38) element("language", f008.substring(35, 38), out);
        for (var f : fields) if (f.getKey().equals("856")) each(f.getValue(), 'q', "format", out);
        for (var f : fields) {
            String tag = f.getKey();
            if (tag.compareTo("500") >= 0 && tag.compareTo("599") <= 0 && !NOT_DESCRIPTION.contains(tag))
                element("description", subfields(f.getValue(), "a", " "), out);
        }
        for (var f : fields) if (SUBJECTS.contains(f.getKey())) element("subject", subfields(f.getValue(), "abcdq", "--"), out);
        for (var f : fields) if (f.getKey().equals("752")) element("coverage", subfields(f.getValue(), "abcd", " "), out);
        for (var f : fields) if (f.getKey().equals("530")) element("relation", subfields(f.getValue(), "abcdu", " "), out);
        for (var f : fields) {
            String tag = f.getKey();
            if (tag.compareTo("760") >= 0 && tag.compareTo("787") <= 0)
                element("relation", subfields(f.getValue(), "ot", " "), out);
        }
        for (var f : fields) if (f.getKey().equals("856")) each(f.getValue(), 'u', "identifier", out);
        for (var f : fields) {
            if (!f.getKey().equals("020")) continue;
            String isbn = subfields(f.getValue(), "a", " ");
            if (!isbn.isEmpty()) element("identifier", "URN:ISBN:" + isbn, out);
        }
        for (var f : fields) if (f.getKey().equals("506") || f.getKey().equals("540")) each(f.getValue(), 'a', "rights", out);
        out.add("</oai_dc:dc>");
    }

    /** MARC21slim2OAIDC's dc:type: collection, manuscript, then the resource type of Leader/06. */
    static String type(char l6, char l7) {
        List<String> parts = new ArrayList<>();
        if (l7 == 'c') parts.add("collection");
        if (l6 == 'd' || l6 == 'f' || l6 == 'p' || l6 == 't') parts.add("manuscript");
        String t = switch (l6) {
            case 'a', 't' -> "text";
            case 'e', 'f' -> "cartographic";
            case 'c', 'd' -> "notated music";
            case 'i', 'j' -> "sound recording";
            case 'k' -> "still image";
            case 'g' -> "moving image";
            case 'r' -> "three dimensional object";
            case 'm' -> "software, multimedia";
            case 'p' -> "mixed material";
            default -> "";
        };
        if (!t.isEmpty()) parts.add(t);
        return String.join(" ", parts);
    }

    /** The values of the subfields with these codes (all when null), in field order. */
    private static String subfields(JsonNode field, String codes, String separator) {
        StringBuilder b = new StringBuilder();
        for (JsonNode sf : field.path("subfields")) {
            Iterator<Map.Entry<String, JsonNode>> it = sf.properties().iterator();
            if (!it.hasNext()) continue;
            Map.Entry<String, JsonNode> e = it.next();
            if (codes != null && (e.getKey().length() != 1 || codes.indexOf(e.getKey().charAt(0)) < 0)) continue;
            String v = e.getValue().asText().trim();
            if (v.isEmpty()) continue;
            if (!b.isEmpty()) b.append(separator);
            b.append(v);
        }
        return b.toString();
    }

    private static void each(JsonNode field, char code, String element, Utf8Buffer out) {
        for (JsonNode sf : field.path("subfields")) {
            JsonNode v = sf.get(String.valueOf(code));
            if (v != null) element(element, v.asText().trim(), out);
        }
    }

    private static void element(String name, String value, Utf8Buffer out) {
        if (value == null || value.isBlank()) return;
        out.add("<dc:").add(name).add(">").text(value).add("</dc:").add(name).add(">");
    }
}
