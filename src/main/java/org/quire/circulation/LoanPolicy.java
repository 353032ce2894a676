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

    /** A policy built in code (tests): loanable, Rolling, renewable from the current due date, unless told. */
    public static Builder builder(String id, String name) {
        return new Builder(id, name);
    }

    /** Names the components of this 16-component record, so code that builds one says what it sets. */
    public static final class Builder {
        private final String id, name;
        private boolean loanable = true, renewable = true, unlimitedRenewals, differentRenewalPeriod;
        private String profileId = "Rolling", fixedDueDateScheduleId, renewFromId = "CURRENT_DUE_DATE",
                alternateFixedDueDateScheduleId, closedLibraryDueDateManagementId;
        private Period period, renewalPeriod, openingTimeOffset;
        private Integer itemLimit;
        private int renewalsAllowed;

        private Builder(String id, String name) {
            this.id = id;
            this.name = name;
        }

        public Builder notLoanable() {
            loanable = false;
            return this;
        }

        /** A Rolling loan of {@code period}. */
        public Builder rolling(Period p) {
            profileId = "Rolling";
            period = p;
            return this;
        }

        /** A Fixed loan, due as the schedule says. */
        public Builder fixed(String scheduleId) {
            profileId = "Fixed";
            fixedDueDateScheduleId = scheduleId;
            return this;
        }

        public Builder itemLimit(Integer limit) {
            itemLimit = limit;
            return this;
        }

        public Builder notRenewable() {
            renewable = false;
            return this;
        }

        public Builder renewals(int allowed, boolean unlimited) {
            renewalsAllowed = allowed;
            unlimitedRenewals = unlimited;
            return this;
        }

        public Builder renewFrom(String id) {
            renewFromId = id;
            return this;
        }

        /** Renewals loan for {@code p} rather than the loan period (null: the same period). */
        public Builder renewalPeriod(Period p) {
            differentRenewalPeriod = p != null;
            renewalPeriod = p;
            return this;
        }

        public Builder alternateFixedDueDateSchedule(String scheduleId) {
            alternateFixedDueDateScheduleId = scheduleId;
            return this;
        }

        public Builder closedLibraryDueDateManagement(String id, Period openingTimeOffset) {
            closedLibraryDueDateManagementId = id;
            this.openingTimeOffset = openingTimeOffset;
            return this;
        }

        public LoanPolicy build() {
            return new LoanPolicy(id, name, loanable, profileId, period, fixedDueDateScheduleId, itemLimit, renewable,
                    unlimitedRenewals, renewalsAllowed, renewFromId, differentRenewalPeriod, renewalPeriod,
                    alternateFixedDueDateScheduleId, closedLibraryDueDateManagementId, openingTimeOffset);
        }
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
