package org.quire.calendar;

import java.util.List;

/**
 * A failure in mod-calendar's own error shape, which differs from the rest of FOLIO:
 * {@code {"timestamp", "status", "errors": [{"code", "message"}]}} with camelCase codes (calendarNotFound,
 * calendarDateOverlap, calendarNoName …) that ui-calendar translates. Validation failures are 400, overlaps 409.
 * Domain data only: CalendarApi renders it (its shape is not the rest of FOLIO's, so platform.domain's refusals,
 * rendered by ErrorMapper, do not fit).
 */
public final class CalendarError extends RuntimeException {
    public record Item(String code, String message) {
    }

    private final int status;
    private final List<Item> items;

    public CalendarError(int status, List<Item> items) {
        super(items.getFirst().message(), null, false, false);
        this.status = status;
        this.items = List.copyOf(items);
    }

    public static CalendarError of(int status, String code, String message) {
        return new CalendarError(status, List.of(new Item(code, message)));
    }

    public static CalendarError invalidRequest(String message) {
        return of(400, "invalidRequest", message);
    }

    public static CalendarError notFound() {
        return of(404, "calendarNotFound", "No calendar was found with the specified query");
    }

    public int status() {
        return status;
    }

    public List<Item> items() {
        return items;
    }
}
