package org.quire.notices;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;
import org.quire.platform.Period;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The notices of a patron notice policy (mod-circulation-storage's patron-notice-policy.json): {@code loanNotices}
 * and {@code requestNotices}, each {templateId, format, realTime, frequency, sendOptions {sendWhen, sendHow, sendBy,
 * sendEvery}}. A missing policy has none.
 */
record NoticePolicy(List<Notice> loanNotices, List<Notice> requestNotices) {
    /** FOLIO's {@code sendHow} for a notice sent at the event (patron-notice-timing.json), and its default. */
    static final String UPON_AT = "Upon At";
    static final NoticePolicy NONE = new NoticePolicy(List.of(), List.of());

    /**
     * One configured notice. {@code sendHow} is "Upon At", "Before" or "After" ({@code sendBy} before or after the
     * event's date); {@code sendEvery} is set for FOLIO's "Recurring" frequency.
     */
    record Notice(String templateId, String format, boolean realTime, String sendWhen, String sendHow, Period sendBy,
                  Period sendEvery) {

        /** When this notice falls due for an event dated {@code date}. */
        Instant runTime(Instant date) {
            if (sendBy == null || sendHow.equals(UPON_AT)) return date;
            return sendHow.equals("Before") ? new Period(-sendBy.duration(), sendBy.intervalId()).addTo(date)
                    : sendBy.addTo(date);
        }

        /** FOLIO's scheduled-notice {@code noticeConfig}. */
        ObjectNode config() {
            ObjectNode c = Json.object();
            c.put("timing", sendHow);
            if (sendEvery != null) c.putObject("recurringPeriod").put("duration", sendEvery.duration())
                    .put("intervalId", sendEvery.intervalId());
            c.put("templateId", templateId);
            c.put("format", format);
            c.put("sendInRealTime", realTime);
            return c;
        }
    }

    static NoticePolicy from(ObjectNode policy) {
        if (policy == null) return NONE;
        return new NoticePolicy(notices(policy.path("loanNotices")), notices(policy.path("requestNotices")));
    }

    private static List<Notice> notices(JsonNode array) {
        List<Notice> out = new ArrayList<>();
        for (JsonNode n : array) {
            JsonNode send = n.path("sendOptions");
            String templateId = Json.text(n, "templateId"), when = Json.text(send, "sendWhen");
            if (templateId == null || when == null) continue;
            String how = Json.text(send, "sendHow");
            boolean recurring = "Recurring".equals(Json.text(n, "frequency"));
            out.add(new Notice(templateId, n.hasNonNull("format") ? Json.text(n, "format") : "Email",
                    n.path("realTime").asBoolean(false), when, how == null ? UPON_AT : how,
                    validPeriod(send.get("sendBy")), recurring ? validPeriod(send.get("sendEvery")) : null));
        }
        return out;
    }

    /** A period Quire can add (FOLIO's intervals), else none: a policy with a bad interval sends upon the event. */
    private static Period validPeriod(JsonNode n) {
        Period p = Period.from(n);
        if (p == null || p.duration() <= 0) return null;
        try {
            p.addTo(Instant.EPOCH);
            return p;
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    List<Notice> loan(String event) {
        return loanNotices.stream().filter(n -> n.sendWhen().equals(event)).toList();
    }

    List<Notice> request(String event) {
        return requestNotices.stream().filter(n -> n.sendWhen().equals(event)).toList();
    }
}
