package org.quire.circulation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;
import org.quire.platform.Period;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** The parts of a FOLIO loan policy that check-out and renewal use, read from its JSON. */
public record LoanPolicy(String id, String name, boolean loanable, String profileId, Period period,
                         String fixedDueDateScheduleId, Integer itemLimit, boolean renewable, boolean unlimitedRenewals,
                         int renewalsAllowed, String renewFromId, boolean differentRenewalPeriod, Period renewalPeriod,
                         String alternateFixedDueDateScheduleId, String closedLibraryDueDateManagementId,
                         Period openingTimeOffset) {

    /** A policy without closed-library handling (keeps the computed due date). */
    public LoanPolicy(String id, String name, boolean loanable, String profileId, Period period,
                      String fixedDueDateScheduleId, Integer itemLimit, boolean renewable, boolean unlimitedRenewals,
                      int renewalsAllowed, String renewFromId, boolean differentRenewalPeriod, Period renewalPeriod,
                      String alternateFixedDueDateScheduleId) {
        this(id, name, loanable, profileId, period, fixedDueDateScheduleId, itemLimit, renewable, unlimitedRenewals,
                renewalsAllowed, renewFromId, differentRenewalPeriod, renewalPeriod, alternateFixedDueDateScheduleId,
                null, null);
    }

    public static LoanPolicy from(ObjectNode j) {
        JsonNode lp = j.path("loansPolicy");
        JsonNode rp = j.path("renewalsPolicy");
        return new LoanPolicy(j.get("id").asText(), Json.text(j, "name"), j.path("loanable").asBoolean(false),
                Json.text(lp, "profileId"), Period.from(lp.get("period")), Json.text(lp, "fixedDueDateScheduleId"),
                lp.hasNonNull("itemLimit") ? lp.get("itemLimit").asInt() : null,
                j.path("renewable").asBoolean(false), rp.path("unlimited").asBoolean(false),
                rp.path("numberAllowed").asInt(0), rp.hasNonNull("renewFromId") ? rp.get("renewFromId").asText() : "CURRENT_DUE_DATE",
                rp.path("differentPeriod").asBoolean(false), Period.from(rp.get("period")),
                Json.text(rp, "alternateFixedDueDateScheduleId"), Json.text(lp, "closedLibraryDueDateManagementId"),
                Period.from(lp.get("openingTimeOffset")));
    }

    public boolean fixed() {
        return "Fixed".equals(profileId);
    }

    /** One entry of a fixed due date schedule. */
    public record ScheduleEntry(Instant from, Instant to, Instant due) {
    }

    public static List<ScheduleEntry> schedule(ObjectNode scheduleJson) {
        List<ScheduleEntry> out = new ArrayList<>();
        if (scheduleJson == null) return out;
        for (JsonNode s : scheduleJson.path("schedules")) {
            out.add(new ScheduleEntry(Json.parseInstant(s.path("from").asText()), Json.parseInstant(s.path("to").asText()),
                    Json.parseInstant(s.path("due").asText())));
        }
        return out;
    }
}
