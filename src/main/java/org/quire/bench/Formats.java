package org.quire.bench;

import java.util.Locale;

/** How the reports print numbers: fixed decimals, a dot as separator whatever the machine's locale. */
final class Formats {
    static final String NOT_MEASURED = "not measured";
    private static final String MINUS = "\u2212";

    private Formats() {
    }

    static String ms(double v) {
        return fixed(v, 2);
    }

    static String rate(double v) {
        return fixed(v, 1);
    }

    static String pct(double v) {
        return fixed(v, 2);
    }

    static String ratio(double v) {
        return Double.isFinite(v) ? fixed(v, 2) + "×" : "n/a";
    }

    /** A ratio of p95s is NaN or infinite when the floor measured 0 ms; print that rather than "NaN". */
    static String fixed(double v, int decimals) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%." + decimals + "f", v) : "n/a";
    }

    /** Whole numbers without decimals (300 s, not 300.000 s), others with up to three. */
    static String number(double v) {
        if (!Double.isFinite(v)) return "n/a";
        if (v == Math.rint(v) && Math.abs(v) < 1e15) return Long.toString((long) v);
        return String.format(Locale.ROOT, "%.3f", v).replaceAll("\\.?0+$", "");
    }

    static String seconds(double v) {
        return number(v) + " s";
    }

    static String mib(long bytes) {
        return fixed(bytes / (1024.0 * 1024.0), 1) + " MiB";
    }

    static String gib(long bytes) {
        return fixed(bytes / (1024.0 * 1024.0 * 1024.0), 1) + " GiB";
    }

    /** (b − a) ÷ a as a signed percentage, e.g. "+12.3%" or "−4.0%"; "n/a" when a is 0. */
    static String change(double a, double b) {
        if (!Double.isFinite(a) || !Double.isFinite(b)) return "n/a";
        if (a == b) return "0.0%";
        if (a == 0) return "n/a";
        double pct = (b - a) / a * 100;
        String digits = fixed(Math.abs(pct), 1);
        if (digits.equals("0.0")) return "0.0%";
        return (pct > 0 ? "+" : MINUS) + digits + "%";
    }

    static String orNotMeasured(Object v) {
        return v == null ? NOT_MEASURED : v.toString();
    }
}
