package org.quire.circulation;

import org.junit.jupiter.api.Test;
import org.quire.platform.Period;
import org.quire.platform.domain.Refused;

import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Due dates without calendars, as FOLIO computes them. */
class DueDatesTest {
    static final Instant LOAN = Instant.parse("2026-01-31T10:15:00Z");

    static LoanPolicy rolling(int n, String unit, String renewFrom, Period renewalPeriod) {
        return LoanPolicy.builder("p", "Policy").rolling(new Period(n, unit)).renewals(2, false).renewFrom(renewFrom)
                .renewalPeriod(renewalPeriod).build();
    }

    /** A Rolling policy with a closedLibraryDueDateManagementId. */
    static LoanPolicy rolling(int n, String unit, String closedLibraryOption) {
        return LoanPolicy.builder("p", "Policy").rolling(new Period(n, unit)).renewals(2, false)
                .closedLibraryDueDateManagement(closedLibraryOption, null).build();
    }

    static LoanPolicy fixed() {
        return LoanPolicy.builder("f", "Fixed").fixed("s").renewals(2, false).renewFrom("SYSTEM_DATE").build();
    }

    static final List<LoanPolicy.ScheduleEntry> SEMESTER = List.of(new LoanPolicy.ScheduleEntry(
            Instant.parse("2026-01-01T00:00:00Z"), Instant.parse("2026-05-31T23:59:59Z"), Instant.parse("2026-06-15T23:59:59Z")));

    @Test
    void minutesAndHours_areExact_whenThePolicyKeepsTheTime() {
        assertThat(DueDates.forCheckOut(rolling(90, "Minutes", "CURRENT_DUE_DATE_TIME"), LOAN, List.of(), null))
                .isEqualTo(Instant.parse("2026-01-31T11:45:00Z"));
        assertThat(DueDates.forCheckOut(rolling(1, "Hours", "END_OF_THE_CURRENT_SERVICE_POINT_HOURS"), LOAN, List.of(), null))
                .isEqualTo(Instant.parse("2026-01-31T11:15:00Z"));
        assertThat(DueDates.forCheckOut(rolling(1, "Hours", "BEGINNING_OF_THE_NEXT_OPEN_SERVICE_POINT_HOURS"), LOAN,
                List.of(), null)).isEqualTo(Instant.parse("2026-01-31T11:15:00Z"));
    }

    @Test
    void keepTheCurrentDueDateTime_keepsTheComputedTime_forDayBasedPeriodsToo() {
        // mod-circulation: RollingCheckOutDueDateStrategy adds the period; KeepCurrentDateTimeStrategy keeps it.
        assertThat(DueDates.forCheckOut(rolling(14, "Days", "CURRENT_DUE_DATE_TIME"), LOAN, List.of(), null))
                .isEqualTo(Instant.parse("2026-02-14T10:15:00Z"));
        assertThat(DueDates.forCheckOut(rolling(2, "Weeks", "CURRENT_DUE_DATE_TIME"), LOAN, List.of(), null))
                .isEqualTo(Instant.parse("2026-02-14T10:15:00Z"));
        assertThat(DueDates.forCheckOut(rolling(1, "Months", "CURRENT_DUE_DATE_TIME"), LOAN, List.of(), null))
                .isEqualTo(Instant.parse("2026-02-28T10:15:00Z"));
        // Renewal too: from the current due date, time kept.
        assertThat(DueDates.forRenewal(rolling(7, "Days", "CURRENT_DUE_DATE_TIME"),
                Instant.parse("2026-02-14T10:15:00Z"), Instant.parse("2026-02-10T08:00:00Z"), List.of(), null).orElseThrow())
                .isEqualTo(Instant.parse("2026-02-21T10:15:00Z"));
        // A schedule that limits the date gives the schedule's due date, as it is.
        assertThat(DueDates.forCheckOut(rolling(6, "Months", "CURRENT_DUE_DATE_TIME"), LOAN, SEMESTER, null))
                .isEqualTo(Instant.parse("2026-06-15T23:59:59Z"));
    }

    @Test
    void keepTheCurrentDueDate_absentOrUnknown_andTheOpenDayOptions_goToTheEndOfTheDay_evenForHours() {
        // KeepCurrentDateStrategy sets 23:59:59 whatever the period; LoanPolicy.getDueDateManagement reads an absent
        // or unknown id as KEEP_THE_CURRENT_DUE_DATE; EndOf{Previous,Next}OpenDayStrategy on an open day the same.
        for (String option : new String[] {"CURRENT_DUE_DATE", null, "NO_SUCH_OPTION", "END_OF_THE_PREVIOUS_OPEN_DAY",
                "END_OF_THE_NEXT_OPEN_DAY"}) {
            assertThat(DueDates.forCheckOut(rolling(1, "Hours", option), LOAN, List.of(), null)).as(option)
                    .isEqualTo(Instant.parse("2026-01-31T23:59:59Z"));
            assertThat(DueDates.forCheckOut(rolling(3, "Days", option), LOAN, List.of(), null)).as(option)
                    .isEqualTo(Instant.parse("2026-02-03T23:59:59Z"));
        }
    }

    @Test
    void aFixedScheduleDueTime_isKeptOrMovedToTheEndOfItsDayAsThePolicySays() {
        List<LoanPolicy.ScheduleEntry> noon = List.of(new LoanPolicy.ScheduleEntry(Instant.parse("2026-01-01T00:00:00Z"),
                Instant.parse("2026-05-31T23:59:59Z"), Instant.parse("2026-06-15T12:00:00Z")));
        LoanPolicy keepTime = LoanPolicy.builder("f", "Fixed").fixed("s").renewals(2, false).renewFrom("SYSTEM_DATE")
                .closedLibraryDueDateManagement("CURRENT_DUE_DATE_TIME", null).build();
        LoanPolicy keepDate = LoanPolicy.builder("f", "Fixed").fixed("s").renewals(2, false).renewFrom("SYSTEM_DATE")
                .closedLibraryDueDateManagement("CURRENT_DUE_DATE", null).build();
        assertThat(DueDates.forCheckOut(keepTime, LOAN, noon, null)).isEqualTo(Instant.parse("2026-06-15T12:00:00Z"));
        assertThat(DueDates.forCheckOut(keepDate, LOAN, noon, null)).isEqualTo(Instant.parse("2026-06-15T23:59:59Z"));
    }

    @Test
    void daysWeeksMonths_fallDueAtTheEndOfTheDay_andMonthsClampToTheMonthEnd() {
        assertThat(DueDates.forCheckOut(rolling(14, "Days", null, null), LOAN, List.of(), null))
                .isEqualTo(Instant.parse("2026-02-14T23:59:59Z"));
        assertThat(DueDates.forCheckOut(rolling(2, "Weeks", null, null), LOAN, List.of(), null))
                .isEqualTo(Instant.parse("2026-02-14T23:59:59Z"));
        assertThat(DueDates.forCheckOut(rolling(1, "Months", null, null), LOAN, List.of(), null))
                .isEqualTo(Instant.parse("2026-02-28T23:59:59Z"));
    }

    @Test
    void aRollingPolicysSchedule_limitsTheDueDate() {
        Instant limited = DueDates.forCheckOut(rolling(6, "Months", null, null), LOAN, SEMESTER, null);
        assertThat(limited).isEqualTo(Instant.parse("2026-06-15T23:59:59Z"));
        Instant unlimited = DueDates.forCheckOut(rolling(1, "Weeks", null, null), LOAN, SEMESTER, null);
        assertThat(unlimited).isEqualTo(Instant.parse("2026-02-07T23:59:59Z"));
    }

    @Test
    void fixed_usesTheEntryCoveringTheLoanDate_elseRefuses() {
        assertThat(DueDates.forCheckOut(fixed(), LOAN, SEMESTER, null)).isEqualTo(Instant.parse("2026-06-15T23:59:59Z"));
        assertThatThrownBy(() -> DueDates.forCheckOut(fixed(), Instant.parse("2026-07-01T00:00:00Z"), SEMESTER, null))
                .isInstanceOf(Refused.class).hasMessage("Item can't be checked out as the loan date falls outside of the"
                        + " date ranges in the loan policy. Please review Fixed before retrying checking out");
        assertThat(DueDates.forRenewal(fixed(), LOAN, Instant.parse("2026-07-01T00:00:00Z"), SEMESTER, null))
                .as("a renewal the schedule does not cover has no date").isEmpty();
        assertThat(DueDates.renewalOutsideOfRange(fixed())).satisfies(r -> {
            assertThat(r.message()).isEqualTo("renewal date falls outside of date ranges in fixed loan policy");
            assertThat(r.code()).isEqualTo("RENEWAL_DATE_OUTSIDE_OF_RANGE");
            assertThat(r.parameter("loanPolicyName")).isEqualTo("Fixed");
        });
    }

    @Test
    void aRollingPolicyWithoutAPeriod_refusesTheCheckOut() {
        LoanPolicy noPeriod = LoanPolicy.builder("p", "No period").rolling(null).renewals(2, false).build();
        assertThatThrownBy(() -> DueDates.forCheckOut(noPeriod, LOAN, List.of(), null))
                .isInstanceOfSatisfying(Refused.class, e -> {
                    assertThat(e.refusals().getFirst().message()).isEqualTo("Loan policy No period has no loan period");
                    assertThat(e.refusals().getFirst().parameter("loanPolicyId")).isEqualTo("p");
                });
    }

    @Test
    void aPendingHold_givesAFixedPolicysLoanTheAlternatePeriod_checkOutLimitedByTheSchedule_renewalFromNow() {
        assertThat(DueDates.forCheckOut(fixed(), LOAN, SEMESTER, new Period(3, "Days")))
                .isEqualTo(Instant.parse("2026-02-03T23:59:59Z"));
        assertThat(DueDates.forCheckOut(fixed(), LOAN, SEMESTER, new Period(6, "Months")))
                .as("the schedule's due date limits it").isEqualTo(Instant.parse("2026-06-15T23:59:59Z"));
        Instant now = Instant.parse("2026-07-01T09:00:00Z");    // outside the schedule: a plain renewal is refused
        assertThat(DueDates.forRenewal(fixed(), LOAN, now, SEMESTER, new Period(2, "Days")).orElseThrow())
                .isEqualTo(Instant.parse("2026-07-03T23:59:59Z"));
    }

    @Test
    void renewal_fromTheCurrentDueDate_orFromNow_withItsOwnPeriod() {
        Instant due = Instant.parse("2026-02-14T23:59:59Z");
        Instant now = Instant.parse("2026-02-10T09:00:00Z");
        assertThat(DueDates.forRenewal(rolling(14, "Days", "CURRENT_DUE_DATE", null), due, now, List.of(), null).orElseThrow())
                .isEqualTo(Instant.parse("2026-02-28T23:59:59Z"));
        assertThat(DueDates.forRenewal(rolling(14, "Days", "SYSTEM_DATE", null), due, now, List.of(), null).orElseThrow())
                .isEqualTo(Instant.parse("2026-02-24T23:59:59Z"));
        assertThat(DueDates.forRenewal(rolling(14, "Days", "SYSTEM_DATE", new Period(3, "Days")), due, now, List.of(), null).orElseThrow())
                .isEqualTo(Instant.parse("2026-02-13T23:59:59Z"));
    }
}
