package org.quire.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A table of already formatted cells, printed as padded Markdown (readable as plain text too), as plain columns, or
 * as HTML. The first columns hold names and are left-aligned; the others hold numbers and are right-aligned.
 */
final class ReportTable {
    private final List<String> headers;
    private final int leftAligned;
    private final List<List<String>> rows = new ArrayList<>();

    ReportTable(int leftAligned, String... headers) {
        this.headers = List.of(headers);
        this.leftAligned = leftAligned;
    }

    ReportTable row(String... cells) {
        if (cells.length != headers.size()) {
            throw new IllegalArgumentException("Expected " + headers.size() + " cells, got " + cells.length);
        }
        rows.add(Arrays.stream(cells).map(c -> c == null ? "" : c).toList());
        return this;
    }

    boolean isEmpty() {
        return rows.isEmpty();
    }

    String markdown() {
        List<List<String>> all = withHeader(ReportTable::markdownCell);
        // A separator needs at least three dashes to count as one in Markdown.
        int[] widths = widths(all, 3);
        StringBuilder out = new StringBuilder();
        out.append(markdownLine(all.get(0), widths));
        StringBuilder separator = new StringBuilder("|");
        for (int i = 0; i < widths.length; i++) {
            separator.append(' ').append(right(i) ? "-".repeat(widths[i] - 1) + ":" : "-".repeat(widths[i]))
                    .append(" |");
        }
        out.append(separator).append('\n');
        for (List<String> row : all.subList(1, all.size())) out.append(markdownLine(row, widths));
        return out.toString();
    }

    String plain(String indent) {
        List<List<String>> all = withHeader(c -> c);
        int[] widths = widths(all, 0);
        StringBuilder out = new StringBuilder();
        out.append(plainLine(indent, all.get(0), widths));
        List<String> rule = Arrays.stream(widths).mapToObj("-"::repeat).toList();
        out.append(plainLine(indent, rule, widths));
        for (List<String> row : all.subList(1, all.size())) out.append(plainLine(indent, row, widths));
        return out.toString();
    }

    String html() {
        StringBuilder out = new StringBuilder("<table>\n<thead><tr>");
        for (int i = 0; i < headers.size(); i++) out.append(htmlCell("th", i, headers.get(i)));
        out.append("</tr></thead>\n<tbody>\n");
        for (List<String> row : rows) {
            out.append("<tr>");
            for (int i = 0; i < row.size(); i++) out.append(htmlCell("td", i, row.get(i)));
            out.append("</tr>\n");
        }
        return out.append("</tbody>\n</table>\n").toString();
    }

    private boolean right(int column) {
        return column >= leftAligned;
    }

    private List<List<String>> withHeader(java.util.function.UnaryOperator<String> cell) {
        List<List<String>> all = new ArrayList<>();
        all.add(headers.stream().map(cell).toList());
        for (List<String> row : rows) all.add(row.stream().map(cell).toList());
        return all;
    }

    private static int[] widths(List<List<String>> all, int minimum) {
        int[] widths = new int[all.get(0).size()];
        Arrays.fill(widths, minimum);
        for (List<String> row : all) {
            for (int i = 0; i < row.size(); i++) widths[i] = Math.max(widths[i], row.get(i).length());
        }
        return widths;
    }

    private String markdownLine(List<String> cells, int[] widths) {
        StringBuilder line = new StringBuilder("|");
        for (int i = 0; i < cells.size(); i++) line.append(' ').append(pad(cells.get(i), widths[i], i)).append(" |");
        return line.append('\n').toString();
    }

    private String plainLine(String indent, List<String> cells, int[] widths) {
        StringBuilder line = new StringBuilder(indent);
        for (int i = 0; i < cells.size(); i++) {
            if (i > 0) line.append("  ");
            line.append(pad(cells.get(i), widths[i], i));
        }
        return line.toString().stripTrailing() + "\n";
    }

    private String pad(String s, int width, int column) {
        String fill = " ".repeat(width - s.length());
        return right(column) ? fill + s : s + fill;
    }

    private String htmlCell(String tag, int column, String text) {
        String cls = right(column) ? " class=\"num\"" : "";
        return "<" + tag + cls + ">" + HtmlText.escape(text) + "</" + tag + ">";
    }

    /** A pipe inside a label would end the cell early. */
    private static String markdownCell(String s) {
        return s.replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ");
    }
}
