package org.quire.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import static org.quire.bench.HtmlText.escape;

/**
 * A line chart drawn as inline SVG: axes with ticks, lines (a NaN breaks a line), vertical markers and a legend
 * below the plot. The y axis starts at 0 so that charts of different runs compare by eye.
 */
final class SvgChart {
    private static final int WIDTH = 960;
    private static final int LEFT = 72;
    private static final int RIGHT = 24;
    private static final int TOP = 44;
    private static final int PLOT_HEIGHT = 300;
    private static final int AXIS_SPACE = 52;
    private static final int LEGEND_ROW = 20;
    private static final int LEGEND_COLUMN = 430;
    private static final int LEGEND_TEXT_MAX = 58;
    private static final int PLOT_WIDTH = WIDTH - LEFT - RIGHT;
    /** Colours that stay apart for most colour-blind readers; lines also differ by dash. */
    private static final String[] PALETTE = {"#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9",
            "#000000", "#f0e442"};

    private record Series(String name, double[] xs, double[] ys, String colour, String dash, boolean dots) {
    }

    private record Marker(double x, String label) {
    }

    private record Axis(double min, double max, List<Double> ticks, int decimals) {
    }

    private final String title;
    private final String xLabel;
    private final String yLabel;
    private final List<Series> series = new ArrayList<>();
    private final List<Marker> markers = new ArrayList<>();
    private List<Double> fixedXTicks;

    SvgChart(String title, String xLabel, String yLabel) {
        this.title = title;
        this.xLabel = xLabel;
        this.yLabel = yLabel;
    }

    static String colour(int i) {
        return PALETTE[Math.floorMod(i, PALETTE.length)];
    }

    /** @param dash an SVG dash array ("6 3"), or null for a solid line */
    SvgChart line(String name, double[] xs, double[] ys, String colour, String dash, boolean dots) {
        series.add(new Series(name, xs, ys, colour, dash, dots));
        return this;
    }

    SvgChart marker(double x, String label) {
        markers.add(new Marker(x, label));
        return this;
    }

    /** Ticks at these x values only (user levels), with some room on both sides so end points clear the axes. */
    SvgChart xTicksAt(List<Double> xs) {
        this.fixedXTicks = List.copyOf(xs);
        return this;
    }

    String render() {
        int legendRows = (series.size() + legendColumns() - 1) / legendColumns();
        int height = TOP + PLOT_HEIGHT + AXIS_SPACE + legendRows * LEGEND_ROW + 8;
        StringBuilder svg = new StringBuilder();
        svg.append("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 ").append(WIDTH).append(' ')
                .append(height).append("\" width=\"").append(WIDTH).append("\" height=\"").append(height)
                .append("\" role=\"img\" font-family=\"sans-serif\" font-size=\"12\">\n");
        svg.append("<title>").append(escape(title)).append("</title>\n");
        svg.append(text(LEFT, 24, "start", escape(title), " font-size=\"15\" font-weight=\"bold\""));
        Axis x = xAxis();
        Axis y = yAxis();
        if (x == null || y == null) {
            frame(svg);
            svg.append(text(LEFT + PLOT_WIDTH / 2.0, TOP + PLOT_HEIGHT / 2.0, "middle", "No data", ""));
        } else {
            grid(svg, x, y);
            frame(svg);
            for (Marker m : markers) marker(svg, m, x);
            for (Series s : series) series(svg, s, x, y);
        }
        legend(svg, TOP + PLOT_HEIGHT + AXIS_SPACE);
        return svg.append("</svg>\n").toString();
    }

    private Axis xAxis() {
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (Series s : series) {
            for (int i = 0; i < s.xs().length; i++) {
                if (!Double.isFinite(s.ys()[i]) || !Double.isFinite(s.xs()[i])) continue;
                min = Math.min(min, s.xs()[i]);
                max = Math.max(max, s.xs()[i]);
            }
        }
        if (min > max) return null;
        for (Marker m : markers) {
            min = Math.min(min, m.x());
            max = Math.max(max, m.x());
        }
        if (fixedXTicks != null) {
            double room = max > min ? (max - min) * 0.05 : Math.max(1, Math.abs(min) * 0.5);
            return new Axis(min - room, max + room, fixedXTicks, decimalsOf(fixedXTicks));
        }
        if (max == min) max = min + 1;
        double step = niceStep((max - min) / 8);
        return new Axis(min, max, ticks(min, max, step), decimals(step));
    }

    private Axis yAxis() {
        double max = 0;
        boolean any = false;
        for (Series s : series) {
            for (double v : s.ys()) {
                if (!Double.isFinite(v)) continue;
                max = Math.max(max, v);
                any = true;
            }
        }
        if (!any) return null;
        // Some room above the highest point keeps it clear of the frame and the markers' labels.
        max = max <= 0 ? 1 : max * 1.08;
        double step = niceStep(max / 5);
        double top = Math.ceil(max / step) * step;
        return new Axis(0, top, ticks(0, top, step), decimals(step));
    }

    /** 1, 2 or 5 times a power of ten: steps a reader can add up in their head. */
    static double niceStep(double raw) {
        if (!(raw > 0) || !Double.isFinite(raw)) return 1;
        double magnitude = Math.pow(10, Math.floor(Math.log10(raw)));
        double f = raw / magnitude;
        double nice = f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10;
        return nice * magnitude;
    }

    private static List<Double> ticks(double min, double max, double step) {
        List<Double> ticks = new ArrayList<>();
        double first = Math.ceil(min / step - 1e-9) * step;
        // Multiplying rather than adding keeps rounding errors from piling up over many ticks.
        for (int i = 0; first + i * step <= max + step * 1e-9; i++) ticks.add(first + i * step);
        return ticks;
    }

    private static int decimals(double step) {
        return step >= 1 ? 0 : (int) Math.ceil(-Math.log10(step) - 1e-9);
    }

    private static int decimalsOf(List<Double> values) {
        for (double v : values) if (v != Math.rint(v)) return 2;
        return 0;
    }

    private static double px(double v, Axis x) {
        return LEFT + (v - x.min()) / (x.max() - x.min()) * PLOT_WIDTH;
    }

    private static double py(double v, Axis y) {
        return TOP + PLOT_HEIGHT - (v - y.min()) / (y.max() - y.min()) * PLOT_HEIGHT;
    }

    private void grid(StringBuilder svg, Axis x, Axis y) {
        for (double t : y.ticks()) {
            String at = num(py(t, y));
            svg.append("<line x1=\"").append(LEFT).append("\" x2=\"").append(LEFT + PLOT_WIDTH).append("\" y1=\"")
                    .append(at).append("\" y2=\"").append(at).append("\" stroke=\"#e5e5e5\"/>\n");
            svg.append(text(LEFT - 6, py(t, y) + 4, "end", label(t, y.decimals()), ""));
        }
        for (double t : x.ticks()) {
            String at = num(px(t, x));
            int bottom = TOP + PLOT_HEIGHT;
            svg.append("<line x1=\"").append(at).append("\" x2=\"").append(at).append("\" y1=\"").append(bottom)
                    .append("\" y2=\"").append(bottom + 5).append("\" stroke=\"#333\"/>\n");
            svg.append(text(px(t, x), bottom + 18, "middle", label(t, x.decimals()), ""));
        }
        svg.append(text(LEFT + PLOT_WIDTH / 2.0, TOP + PLOT_HEIGHT + 38, "middle", escape(xLabel), ""));
        svg.append("<text transform=\"translate(16 ").append(num(TOP + PLOT_HEIGHT / 2.0))
                .append(") rotate(-90)\" text-anchor=\"middle\">").append(escape(yLabel)).append("</text>\n");
    }

    private void frame(StringBuilder svg) {
        svg.append("<rect x=\"").append(LEFT).append("\" y=\"").append(TOP).append("\" width=\"").append(PLOT_WIDTH)
                .append("\" height=\"").append(PLOT_HEIGHT).append("\" fill=\"none\" stroke=\"#333\"/>\n");
    }

    private void marker(StringBuilder svg, Marker m, Axis x) {
        String at = num(px(m.x(), x));
        svg.append("<line x1=\"").append(at).append("\" x2=\"").append(at).append("\" y1=\"").append(TOP)
                .append("\" y2=\"").append(TOP + PLOT_HEIGHT)
                .append("\" stroke=\"#888\" stroke-dasharray=\"4 4\"/>\n");
        svg.append(text(px(m.x(), x) + 4, TOP + 14, "start", escape(m.label()), " fill=\"#555\" font-size=\"11\""));
    }

    private void series(StringBuilder svg, Series s, Axis x, Axis y) {
        String dash = s.dash() == null ? "" : " stroke-dasharray=\"" + s.dash() + "\"";
        StringBuilder points = new StringBuilder();
        for (int i = 0; i <= s.xs().length; i++) {
            boolean gap = i == s.xs().length || !Double.isFinite(s.ys()[i]) || !Double.isFinite(s.xs()[i]);
            if (gap) {
                if (points.indexOf(" ") > 0) {
                    svg.append("<polyline fill=\"none\" stroke=\"").append(s.colour()).append("\" stroke-width=\"2\"")
                            .append(dash).append(" points=\"").append(points).append("\"/>\n");
                }
                points.setLength(0);
                continue;
            }
            if (!points.isEmpty()) points.append(' ');
            points.append(num(px(s.xs()[i], x))).append(',').append(num(py(s.ys()[i], y)));
            // A lone point between gaps draws no line, so it gets a dot whatever the series asked for.
            boolean alone = (i == 0 || !Double.isFinite(s.ys()[i - 1]))
                    && (i + 1 == s.xs().length || !Double.isFinite(s.ys()[i + 1]));
            if (s.dots() || alone) {
                svg.append("<circle cx=\"").append(num(px(s.xs()[i], x))).append("\" cy=\"")
                        .append(num(py(s.ys()[i], y))).append("\" r=\"3\" fill=\"").append(s.colour()).append("\"/>\n");
            }
        }
    }

    private void legend(StringBuilder svg, int top) {
        for (int i = 0; i < series.size(); i++) {
            Series s = series.get(i);
            double x = LEFT + (i % legendColumns()) * LEGEND_COLUMN;
            double y = top + (i / legendColumns()) * LEGEND_ROW + 10;
            String dash = s.dash() == null ? "" : " stroke-dasharray=\"" + s.dash() + "\"";
            svg.append("<line x1=\"").append(num(x)).append("\" x2=\"").append(num(x + 28)).append("\" y1=\"")
                    .append(num(y - 4)).append("\" y2=\"").append(num(y - 4)).append("\" stroke=\"")
                    .append(s.colour()).append("\" stroke-width=\"2\"").append(dash).append("/>\n");
            String name = s.name().length() > LEGEND_TEXT_MAX
                    ? s.name().substring(0, LEGEND_TEXT_MAX - 1) + "…" : s.name();
            svg.append("<text x=\"").append(num(x + 34)).append("\" y=\"").append(num(y)).append("\">")
                    .append(escape(name)).append("<title>").append(escape(s.name())).append("</title></text>\n");
        }
    }

    private static int legendColumns() {
        return Math.max(1, PLOT_WIDTH / LEGEND_COLUMN);
    }

    /** @param escaped text already escaped for XML */
    private static String text(double x, double y, String anchor, String escaped, String extra) {
        return "<text x=\"" + num(x) + "\" y=\"" + num(y) + "\" text-anchor=\"" + anchor + "\"" + extra + ">"
                + escaped + "</text>\n";
    }

    private static String label(double v, int decimals) {
        return String.format(Locale.ROOT, "%." + decimals + "f", v);
    }

    /** One decimal is finer than a pixel; more would only make the file bigger. */
    private static String num(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }
}
