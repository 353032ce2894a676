package org.quire.circulation;

import org.junit.jupiter.api.Test;
import org.quire.platform.http.ApiException;

import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Due dates without calendars, as FOLIO computes them. */
class DueDatesTest {
    static final Instant LOAN = Instant.parse("2026-01-31T10:15:00Z");

    static LoanPolicy rolling(int n, String unit, String renewFrom, Period renewalPeriod) {
        return new LoanPolicy("p", "Policy", true, "Rolling", new Period(n, unit), null, null, true, false, 2,
                renewFrom, renewalPeriod != null, renewalPeriod, null);
    }

    static LoanPolicy fixed() {
        return new LoanPolicy("f", "Fixed", true, "Fixed", null, "s", null, true, false, 2, "SYSTEM_DATE", false, null, null);
    }

    static final List<LoanPolicy.ScheduleEntry> SEMESTER = List.of(new LoanPolicy.ScheduleEntry(
            Instant.parse("2026-01-01T00:00:00Z"), Instant.parse("2026-05-31T23:59:59Z"), Instant.parse("2026-06-15T23:59:59Z")));

    @Test
    void minutesAndHours_areExact() {
        assertThat(DueDates.forCheckOut(rolling(90, "Minutes", null, null), LOAN, List.of()))
                .isEqualTo(Instant.parse("2026-01-31T11:45:00Z"));
        assertThat(DueDates.forCheckOut(rolling(1, "Hours", null, null), LOAN, List.of()))
                .isEqualTo(Instant.parse("2026-01-31T11:15:00Z"));
    }

    @Test
    void daysWeeksMonths_fallDueAtTheEndOfTheDay_andMonthsClampToTheMonthEnd() {
        assertThat(DueDates.forCheckOut(rolling(14, "Days", null, null), LOAN, List.of()))
                .isEqualTo(Instant.parse("2026-02-14T23:59:59Z"));
        assertThat(DueDates.forCheckOut(rolling(2, "Weeks", null, null), LOAN, List.of()))
                .isEqualTo(Instant.parse("2026-02-14T23:59:59Z"));
        assertThat(DueDates.forCheckOut(rolling(1, "Months", null, null), LOAN, List.of()))
                .isEqualTo(Instant.parse("2026-02-28T23:59:59Z"));
    }

    @Test
    void aRollingPolicysSchedule_limitsTheDueDate() {
        Instant limited = DueDates.forCheckOut(rolling(6, "Months", null, null), LOAN, SEMESTER);
        assertThat(limited).isEqualTo(Instant.parse("2026-06-15T23:59:59Z"));
        Instant unlimited = DueDates.forCheckOut(rolling(1, "Weeks", null, null), LOAN, SEMESTER);
        assertThat(unlimited).isEqualTo(Instant.parse("2026-02-07T23:59:59Z"));
    }

    @Test
    void fixed_usesTheEntryCoveringTheLoanDate_elseRefuses() {
        assertThat(DueDates.forCheckOut(fixed(), LOAN, SEMESTER)).isEqualTo(Instant.parse("2026-06-15T23:59:59Z"));
        assertThatThrownBy(() -> DueDates.forCheckOut(fixed(), Instant.parse("2026-07-01T00:00:00Z"), SEMESTER))
                .isInstanceOf(ApiException.class).hasMessageContaining("falls outside of the date ranges");
        assertThatThrownBy(() -> DueDates.forRenewal(fixed(), LOAN, Instant.parse("2026-07-01T00:00:00Z"), SEMESTER))
                .isInstanceOf(ApiException.class)
                .hasMessage("renewal date falls outside of date ranges in fixed loan policy");
    }

    @Test
    void aPendingHold_givesAFixedPolicysLoanTheAlternatePeriod_checkOutLimitedByTheSchedule_renewalFromNow() {
        assertThat(DueDates.forCheckOut(fixed(), LOAN, SEMESTER, new Period(3, "Days")))
                .isEqualTo(Instant.parse("2026-02-03T23:59:59Z"));
        assertThat(DueDates.forCheckOut(fixed(), LOAN, SEMESTER, new Period(6, "Months")))
                .as("the schedule's due date limits it").isEqualTo(Instant.parse("2026-06-15T23:59:59Z"));
        Instant now = Instant.parse("2026-07-01T09:00:00Z");    // outside the schedule: a plain renewal is refused
        assertThat(DueDates.forRenewal(fixed(), LOAN, now, SEMESTER, new Period(2, "Days")))
                .isEqualTo(Instant.parse("2026-07-03T23:59:59Z"));
    }

    @Test
    void renewal_fromTheCurrentDueDate_orFromNow_withItsOwnPeriod() {
        Instant due = Instant.parse("2026-02-14T23:59:59Z");
        Instant now = Instant.parse("2026-02-10T09:00:00Z");
        assertThat(DueDates.forRenewal(rolling(14, "Days", "CURRENT_DUE_DATE", null), due, now, List.of()))
                .isEqualTo(Instant.parse("2026-02-28T23:59:59Z"));
        assertThat(DueDates.forRenewal(rolling(14, "Days", "SYSTEM_DATE", null), due, now, List.of()))
                .isEqualTo(Instant.parse("2026-02-24T23:59:59Z"));
        assertThat(DueDates.forRenewal(rolling(14, "Days", "SYSTEM_DATE", new Period(3, "Days")), due, now, List.of()))
                .isEqualTo(Instant.parse("2026-02-13T23:59:59Z"));
    }
}
