package org.quire.circulation;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.quire.platform.Period;
import org.quire.circulation.blocks.AutomatedBlocks;
import org.quire.circulation.blocks.BlockCondition;
import org.quire.inventory.ItemView;
import org.quire.platform.Json;
import org.quire.platform.domain.Check;
import org.quire.platform.domain.Refusal;
import org.quire.users.PatronView;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** The renewal's checks as pure functions of its facts: no database, no HTTP. */
class RenewalChecksTest {
    static final Instant NOW = Instant.parse("2026-03-01T10:00:00Z");
    static final UUID PATRON = UUID.randomUUID();
    static final UUID ITEM = UUID.randomUUID();
    static final Renewal.Ref ITEM_BARCODE = new Renewal.Ref("itemBarcode", "i-1");
    static final Renewal.Ref USER_BARCODE = new Renewal.Ref("userBarcode", "u-1");
    static final Renewal.Ref ITEM_ID = new Renewal.Ref("itemId", "not-there");
    static final Renewal.Ref USER_ID = new Renewal.Ref("userId", "nobody");

    static LoanPolicy policy(boolean loanable, boolean renewable, boolean unlimited, int allowed) {
        LoanPolicy.Builder b = LoanPolicy.builder("lp", "Two renewals").rolling(new Period(3, "Weeks"))
                .renewals(allowed, unlimited);
        if (!loanable) b.notLoanable();
        if (!renewable) b.notRenewable();
        return b.build();
    }

    static LoanPolicy fixedWithRenewalPeriod() {
        return LoanPolicy.builder("lp", "Fixed").fixed("s").renewals(5, false).renewFrom("SYSTEM_DATE")
                .renewalPeriod(new Period(1, "Weeks")).build();
    }

    static ItemView item(String status) {
        ObjectNode item = Json.object().put("id", ITEM.toString()).put("barcode", "i-1");
        item.putObject("status").put("name", status);
        return new ItemView(item, null, null, null, null, null, null, null, null);
    }

    static PatronView patron(boolean active, ObjectNode... manualBlocks) {
        ObjectNode user = Json.object().put("id", PATRON.toString()).put("active", active);
        return new PatronView(user, null, List.of(manualBlocks));
    }

    static LoanView loan(UUID userId, int renewals) {
        return new LoanView(Json.object().put("id", UUID.randomUUID().toString()).put("userId", userId.toString())
                .put("dueDate", "2026-03-10T23:59:59.000+00:00").put("renewalCount", renewals));
    }

    static ObjectNode request(String type) {
        return Json.object().put("id", UUID.randomUUID().toString()).put("requestType", type)
                .put("status", "Open - Not yet filled");
    }

    static ObjectNode renewalBlock() {
        ObjectNode b = Json.object().put("renewals", true);
        b.put("expirationDate", "2030-01-01T00:00:00Z");
        return b;
    }

    record Facts(PatronView patron, ItemView item, LoanView loan, RenewalOverride override,
                 List<AutomatedBlocks.Block> blocks, LoanPolicy policy, HoldTerms holds, List<ObjectNode> queue) {
        static Facts good() {
            return new Facts(RenewalChecksTest.patron(true), RenewalChecksTest.item("Checked out"),
                    RenewalChecksTest.loan(PATRON, 0), RenewalOverride.NONE, List.of(),
                    RenewalChecksTest.policy(true, true, false, 2), new HoldTerms(null, false, null), List.of());
        }

        RenewalFacts facts() {
            return new RenewalFacts(USER_BARCODE, item, patron, loan, override, blocks, policy, holds, queue, NOW);
        }
    }

    static List<String> codes(List<Refusal> refusals) {
        List<String> out = new ArrayList<>();
        refusals.forEach(r -> out.add(r.code() != null ? r.code() : r.message()));
        return out;
    }

    @Test
    void aGoodRenewal_passesEveryCheck() {
        assertThat(Check.all(Facts.good().facts(), RenewalChecks.CHECKS)).isEmpty();
    }

    @Test
    void notFound_namesTheItemAndTheUserAsTheRequestDid_bothTogether() {
        List<Refusal> byBarcode = RenewalChecks.refuseWhenNotFound(ITEM_BARCODE, null, USER_BARCODE, null);
        assertThat(byBarcode).extracting(Refusal::message, Refusal::code).containsExactly(
                org.assertj.core.groups.Tuple.tuple("No item with barcode i-1 exists", "ITEM_BARCODE_NOT_FOUND"),
                org.assertj.core.groups.Tuple.tuple("Could not find user with matching barcode", "USER_BARCODE_NOT_FOUND"));
        assertThat(byBarcode.get(1).parameter("userBarcode")).isEqualTo("u-1");
        List<Refusal> byId = RenewalChecks.refuseWhenNotFound(ITEM_ID, null, USER_ID, null);
        assertThat(codes(byId)).containsExactly("ITEM_NOT_FOUND", "USER_NOT_FOUND");
        assertThat(byId.get(0).message()).isEqualTo("No item with ID not-there exists");
        assertThat(byId.get(1).message()).isEqualTo("Could not find user with matching ID");
        assertThat(RenewalChecks.refuseWhenNotFound(ITEM_ID, item("Checked out"), USER_ID, patron(true))).isEmpty();
    }

    @Test
    void theOpenLoan_mustExist_andBeThePatrons() {
        assertThat(RenewalChecks.refuseWhenNotLoanedToPatron(ITEM_BARCODE, USER_BARCODE, null, patron(true)))
                .singleElement().satisfies(r -> {
                    assertThat(r.message()).isEqualTo("No open loan for item with barcode i-1");
                    assertThat(r.code()).isEqualTo("LOAN_NOT_FOUND");
                    assertThat(r.parameter("itemBarcode")).isEqualTo("i-1");
                });
        assertThat(RenewalChecks.refuseWhenNotLoanedToPatron(ITEM_BARCODE, USER_BARCODE, loan(UUID.randomUUID(), 0),
                patron(true))).singleElement().satisfies(r -> {
                    assertThat(r.message()).isEqualTo("Cannot renew item checked out to different user");
                    assertThat(r.code()).isEqualTo("RENEWAL_ITEM_CHECKED_OUT_TO_DIFFERENT_USER");
                    assertThat(r.parameter("userBarcode")).isEqualTo("u-1");
                });
        assertThat(RenewalChecks.refuseWhenNotLoanedToPatron(ITEM_BARCODE, USER_BARCODE, loan(PATRON, 0), patron(true)))
                .isEmpty();
    }

    @Test
    void aLoanPolicyTheRulesNameButThatDoesNotExist_isRefused() {
        assertThat(RenewalChecks.refuseWhenLoanPolicyMissing("p-9", null)).singleElement().satisfies(r -> {
            assertThat(r.message()).isEqualTo("Loan policy p-9 could not be found, please check circulation rules");
            assertThat(r.code()).isEqualTo("LOAN_POLICY_NOT_FOUND");
            assertThat(r.parameter("loanPolicyId")).isEqualTo("p-9");
        });
        assertThat(RenewalChecks.refuseWhenLoanPolicyMissing("p-1", Json.object())).isEmpty();
    }

    @Test
    void everyRefusal_inFoliosOrder() {
        Facts f = Facts.good();
        AutomatedBlocks.Block auto = new AutomatedBlocks.Block(BlockCondition.MAX_OVERDUE_ITEMS, false, true, false,
                "Too many overdue");
        Facts all = new Facts(patron(false, renewalBlock()), item("Declared lost"), loan(PATRON, 2), f.override(),
                List.of(auto), policy(true, true, false, 2), f.holds(), List.of(request("Recall"), request("Hold")));
        assertThat(codes(Check.all(all.facts(), RenewalChecks.CHECKS))).containsExactly("USER_IS_INACTIVE",
                "USER_IS_BLOCKED_MANUALLY", "USER_IS_BLOCKED_AUTOMATICALLY", "item is Declared lost",
                "RENEWAL_BLOCKED_BY_RECALL", "LOAN_RENEWAL_LIMIT_REACHED");
        List<Refusal> refusals = Check.all(all.facts(), RenewalChecks.CHECKS);
        assertThat(refusals.get(2).message()).isEqualTo("Too many overdue");
        assertThat(refusals.get(3).parameter("itemId")).isEqualTo(ITEM.toString());
        assertThat(refusals.get(5).parameter("loanPolicyName")).isEqualTo("Two renewals");
    }

    @Test
    void thePolicy_notLoanable_elseNotRenewable_elseAtItsLimit() {
        Facts f = Facts.good();
        assertThat(codes(RenewalChecks.refuseWhenPolicyForbidsRenewal(withPolicy(f, policy(false, false, false, 0)))))
                .containsExactly("ITEM_NOT_LOANABLE");
        assertThat(codes(RenewalChecks.refuseWhenPolicyForbidsRenewal(withPolicy(f, policy(true, false, false, 0)))))
                .containsExactly("LOAN_NOT_RENEWABLE");
        assertThat(RenewalChecks.refuseWhenPolicyForbidsRenewal(withPolicy(f, policy(true, true, true, 0)))).isEmpty();
        assertThat(RenewalChecks.refuseWhenPolicyForbidsRenewal(withPolicy(f, policy(true, true, false, 1)))).isEmpty();
    }

    @Test
    void aHoldFirstInTheQueue_blocksUnlessThePolicyRenewsWithRequests_andAFixedPolicyMayNotHaveRenewalPeriods() {
        Facts f = Facts.good();
        Facts held = new Facts(f.patron(), f.item(), f.loan(), f.override(), f.blocks(), f.policy(), f.holds(),
                List.of(request("Hold"), request("Recall")));
        assertThat(codes(RenewalChecks.refuseWhenHoldRequested(held.facts())))
                .containsExactly("RENEWAL_BLOCKED_BY_HOLD_REQUEST");
        Facts allowed = new Facts(f.patron(), f.item(), f.loan(), f.override(), f.blocks(), fixedWithRenewalPeriod(),
                new HoldTerms(null, true, new Period(2, "Days")), held.queue());
        List<Refusal> fixed = RenewalChecks.refuseWhenHoldRequested(allowed.facts());
        assertThat(codes(fixed)).containsExactly("FIXED_LOAN_POLICY_HAS_ALTERNATE_RENEWAL_PERIOD_FOR_HOLDS",
                "FIXED_LOAN_POLICY_HAS_RENEWAL_PERIOD");
        assertThat(fixed).extracting(Refusal::message).containsExactly(
                "Item's loan policy has fixed profile but alternative renewal period for holds is specified",
                "Item's loan policy has fixed profile but renewal period is specified");
        assertThat(RenewalChecks.refuseWhenHoldRequested(new Facts(f.patron(), f.item(), f.loan(), f.override(),
                f.blocks(), f.policy(), f.holds(), List.of(request("Recall"), request("Hold"))).facts()))
                .as("a Hold behind a Recall is not first").isEmpty();
        assertThat(RenewalChecks.refuseWhenHoldRequested(withPolicy(held, policy(false, true, false, 2))))
                .as("asked only of a policy that lends and renews").isEmpty();
    }

    @Test
    void anOverride_setsAsideTheRefusalsItsBlockCovers_notTheOthers() {
        Facts f = Facts.good();
        RenewalOverride both = new RenewalOverride(true, true, null, "ok");
        Facts all = new Facts(patron(false, renewalBlock()), item("Aged to lost"), loan(PATRON, 2), both,
                List.of(), policy(true, true, false, 2), f.holds(), List.of(request("Hold")));
        assertThat(codes(Check.all(all.facts(), RenewalChecks.CHECKS)))
                .containsExactly("USER_IS_INACTIVE", "item is Aged to lost");
        RenewalOverride patronOnly = new RenewalOverride(true, false, null, "ok");
        Facts some = new Facts(all.patron(), all.item(), all.loan(), patronOnly, all.blocks(), all.policy(),
                all.holds(), all.queue());
        assertThat(codes(Check.all(some.facts(), RenewalChecks.CHECKS))).containsExactly("USER_IS_INACTIVE",
                "item is Aged to lost", "LOAN_RENEWAL_LIMIT_REACHED", "RENEWAL_BLOCKED_BY_HOLD_REQUEST");
    }

    @Test
    void theOverrideItself_needsEachPermission_patronBlockFirst_thenAComment() {
        RenewalOverride both = new RenewalOverride(true, true, null, " ");
        List<Refusal> none = both.refusals(b -> false);
        assertThat(none).singleElement().satisfies(r -> {
            assertThat(r.code()).isEqualTo("INSUFFICIENT_OVERRIDE_PERMISSIONS");
            assertThat(r.message()).isEqualTo("Missing permissions to override");
            assertThat(r.parameter("missingPermissions")).isEqualTo("circulation.override-patron-block.post");
        });
        assertThat(both.refusals(b -> b == OverrideBlock.PATRON_BLOCK)).singleElement()
                .extracting(r -> r.parameter("missingPermissions"))
                .isEqualTo("circulation.override-renewal-block.post");
        assertThat(both.refusals(b -> true)).singleElement().satisfies(r -> {
            assertThat(r.message()).isEqualTo("Override renewal request must have a comment");
            assertThat(r.parameters()).extracting(Refusal.Parameter::key).containsExactly("comment");
        });
        assertThat(RenewalOverride.NONE.refusals(b -> {
            throw new AssertionError("no permission is asked for when nothing is overridden");
        })).isEmpty();
    }

    @Test
    void anOverrideRenewal_whosePolicyDateStands_mustHaveSetAsideTheLimitOrARecall() {
        RenewalOverride o = new RenewalOverride(false, true, null, "ok");
        LoanPolicy p = policy(true, true, false, 2);
        assertThat(o.refuseWhenNotAnOverrideCase(List.of(), p)).singleElement().satisfies(r -> {
            assertThat(r.message()).startsWith("Override renewal does not match any of expected cases: ");
            assertThat(r.parameter("loanPolicyName")).isEqualTo("Two renewals");
        });
        Facts f = Facts.good();
        Facts recalled = new Facts(f.patron(), f.item(), f.loan(), o, f.blocks(), p, f.holds(),
                List.of(request("Recall")));
        assertThat(o.refuseWhenNotAnOverrideCase(Check.all(recalled.facts(), RenewalChecks.POLICY_CHECKS), p)).isEmpty();
        Facts held = new Facts(f.patron(), f.item(), f.loan(), o, f.blocks(), p, f.holds(), List.of(request("Hold")));
        assertThat(o.refuseWhenNotAnOverrideCase(Check.all(held.facts(), RenewalChecks.POLICY_CHECKS), p))
                .as("a hold refusal is not one of the cases").hasSize(1);
    }

    @Test
    void theNewDueDate_mustMoveTheLoanOn() {
        LoanPolicy p = policy(true, true, false, 2);
        Instant due = Instant.parse("2026-03-10T23:59:59Z");
        assertThat(RenewalChecks.refuseWhenDueDateUnchanged(p, due, due)).singleElement().satisfies(r -> {
            assertThat(r.message()).isEqualTo("renewal would not change the due date");
            assertThat(r.code()).isEqualTo("RENEWAL_WOULD_NOT_CHANGE_DUE_DATE");
        });
        assertThat(RenewalChecks.refuseWhenDueDateUnchanged(p, due, due.plusSeconds(1))).isEmpty();
    }

    private static RenewalFacts withPolicy(Facts f, LoanPolicy p) {
        return new Facts(f.patron(), f.item(), f.loan(), f.override(), f.blocks(), p, f.holds(), f.queue()).facts();
    }
}
