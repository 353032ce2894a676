package org.quire.notices;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Renders a mod-template-engine template ({@code localizedTemplates: {"en": {header, body}}}) against a context, as
 * its {@code /template-request} does: date tokens are formatted first, then the header and body are rendered with
 * {@link Mustache}.
 */
final class Templates {
    private static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("MMM d, yyyy", Locale.US)
            .withZone(ZoneOffset.UTC);
    private static final DateTimeFormatter DATE_TIME = DateTimeFormatter.ofPattern("MMM d, yyyy, h:mm a", Locale.US)
            .withZone(ZoneOffset.UTC);

    record Rendered(String header, String body, String lang, String outputFormat) {
    }

    private Templates() {
    }

    /**
     * The template in {@code lang} (else English, else its first language); {@code outputFormat} null picks the
     * template's first output format.
     */
    static Rendered render(ObjectNode template, String lang, String outputFormat, JsonNode context) {
        JsonNode localized = template.path("localizedTemplates");
        String chosen = lang != null && localized.has(lang) ? lang : localized.has("en") ? "en"
                : localized.fieldNames().hasNext() ? localized.fieldNames().next() : null;
        if (chosen == null) throw new IllegalArgumentException("Template " + Json.text(template, "id") + " has no localized templates");
        JsonNode t = localized.get(chosen);
        String format = outputFormat != null ? outputFormat : template.path("outputFormats").path(0).asText("text/html");
        JsonNode ctx = formatDates(context == null ? Json.object() : context.deepCopy());
        return new Rendered(Mustache.render(Json.text(t, "header"), ctx), Mustache.render(Json.text(t, "body"), ctx),
                chosen, format);
    }

    /**
     * As mod-template-engine: every {@code …Date} token holding a date-time is shown as a date, with a {@code …DateTime}
     * sibling for date and time ("Nov 22, 2026" / "Nov 22, 2026, 11:59 PM"), in UTC and US English until the
     * tenant's locale and time zone are read.
     */
    static JsonNode formatDates(JsonNode node) {
        if (node instanceof ObjectNode o) {
            List<String> names = new ArrayList<>();
            o.fieldNames().forEachRemaining(names::add);
            for (String name : names) {
                JsonNode v = o.get(name);
                Instant t = name.endsWith("Date") && v.isTextual() ? instant(v.asText()) : null;
                if (t != null) {
                    o.put(name, DATE.format(t));
                    if (!o.has(name + "Time")) o.put(name + "Time", DATE_TIME.format(t));
                } else {
                    formatDates(v);
                }
            }
        } else if (node != null && node.isArray()) {
            node.forEach(Templates::formatDates);
        }
        return node;
    }

    private static Instant instant(String s) {
        try {
            return Json.parseInstant(s);
        } catch (RuntimeException e) {
            return null;
        }
    }
}
