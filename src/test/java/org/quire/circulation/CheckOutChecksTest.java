package org.quire.circulation;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.quire.platform.Period;
import org.quire.circulation.blocks.AutomatedBlocks;
import org.quire.circulation.blocks.BlockCondition;
import org.quire.circulation.rules.RuleMatch;
import org.quire.inventory.ItemView;
import org.quire.platform.Json;
import org.quire.platform.domain.Refusal;
import org.quire.platform.domain.Refused;
import org.quire.users.PatronView;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Check-out's checks, each over hand-built facts, without a database: one passing and one refusing case per check,
 * with FOLIO's message, code and parameter. The HTTP tests (CheckOutCheckInTest, PatronBlocksTest,
 * CirculationPoliciesTest…) prove the same rules end to end.
 */
class CheckOutChecksTest {
    static final Instant NOW = Instant.parse("2026-03-02T10:00:00Z");
    static final UUID SP = UUID.randomUUID();
    static final String OVERRIDE_PERMISSION = OverrideBlock.PATRON_BLOCK.permission();

    // --- Builders of facts -------------------------------------------------------------------------------------

    static PatronView patron(String barcode) {
        ObjectNode u = Json.object().put("id", UUID.randomUUID().toString()).put("barcode", barcode).put("active", true);
        u.putObject("personal").put("lastName", "Lovelace").put("firstName", "Ada");
        return new PatronView(u, null, List.of());
    }

    static ItemView item(String status) {
        ObjectNode i = Json.object().put("id", UUID.randomUUID().toString()).put("barcode", "it-1");
        i.putObject("status").put("name", status);
        return new ItemView(i, Json.object(), Json.object().put("title", "Dune"), Json.object().put("name", "book"),
                null, null, null, null, null);
    }

    static CheckOut.Request request(String proxyBarcode, ObjectNode overrides) {
        return new CheckOut.Request("it-1", "u-1", proxyBarcode, SP, null, overrides, "t", "t_mod", UUID.randomUUID());
    }

    /** A patron found, no proxy, an Available item found, nothing blocked: every check passes. */
    static CheckOutFacts passing() {
        return CheckOutFacts.borrowerAndItem(request(null, null), NOW, BlockOverrides.NONE, patron("u-1"), List.of(),
                null, List.of(), item("Available"));
    }

    static CheckOutFacts with(CheckOutFacts f, CheckOut.Request r, BlockOverrides o, PatronView patron,
                              List<AutomatedBlocks.Block> blocks, PatronView proxy, List<ObjectNode> relations,
                              ItemView item) {
        return new CheckOutFacts(r, f.now(), o, patron, blocks, proxy, relations, item, f.itemHasOpenLoan(),
                f.requestQueue(), f.terms(), f.openLoansOfKind());
    }

    static CheckOutFacts withPatron(PatronView p) {
        CheckOutFacts f = passing();
        return with(f, f.request(), f.overrides(), p, f.automatedBlocks(), f.proxy(), f.proxyRelations(), f.item());
    }

    static CheckOutFacts withProxy(PatronView proxy, List<ObjectNode> relations) {
        CheckOutFacts f = passing();
        return with(f, request("p-1", null), f.overrides(), f.patron(), f.automatedBlocks(), proxy, relations, f.item());
    }

    static CheckOutFacts withItem(ItemView item) {
        CheckOutFacts f = passing();
        return with(f, f.request(), f.overrides(), f.patron(), f.automatedBlocks(), f.proxy(), f.proxyRelations(), item);
    }

    static CheckOutFacts withBlocks(ObjectNode overrides, Set<OverrideBlock> permitted) {
        CheckOutFacts f = passing();
        AutomatedBlocks.Block b = new AutomatedBlocks.Block(BlockCondition.MAX_ITEMS_CHARGED_OUT, true, false, false,
                "Too many items");
        return with(f, request(null, overrides), new BlockOverrides(overrides, permitted), f.patron(), List.of(b),
                f.proxy(), f.proxyRelations(), f.item());
    }

    static LoanPolicy.Builder policy() {
        return LoanPolicy.builder(UUID.randomUUID().toString(), "Can circulate").rolling(new Period(3, "Weeks"));
    }

    static CheckOutFacts withTerms(LoanPolicy policy, RuleMatch rule, Long openOfKind, ObjectNode overrides,
                                   Set<OverrideBlock> permitted) {
        CheckOutFacts f = passing();
        f = with(f, request(null, overrides), new BlockOverrides(overrides, permitted), f.patron(), f.automatedBlocks(),
                f.proxy(), f.proxyRelations(), f.item());
        return f.withTerms(new CheckOutFacts.Terms(rule, policy, null, null, Map.of())).withOpenLoansOfKind(openOfKind);
    }

    static RuleMatch rule(Set<String> groups, Set<String> materialTypes, Set<String> loanTypes) {
        return new RuleMatch(UUID.randomUUID().toString(), 1, groups, materialTypes, loanTypes);
    }

    static void assertRefusal(List<Refusal> refusals, String code, String message, String key, String value) {
        assertThat(refusals).hasSize(1);
        Refusal r = refusals.getFirst();
        assertThat(r.code()).isEqualTo(code);
        assertThat(r.message()).isEqualTo(message);
        if (key != null) assertThat(r.parameters()).containsExactly(new Refusal.Parameter(key, value));
        else assertThat(r.parameters()).isEmpty();
    }

    // --- The order -----------------------------------------------------------------------------------------------

    @Test
    void theChecksAreListedInFolioOrder_andAllPassOnAnOrdinaryCheckOut() {
        assertThat(CheckOut.BORROWER_AND_ITEM).hasSize(10);
        assertThat(org.quire.platform.domain.Check.all(passing(), CheckOut.BORROWER_AND_ITEM)).isEmpty();
        CheckOutFacts f = passing().withItemState(false, List.of());
        assertThat(org.quire.platform.domain.Check.all(f, CheckOut.ITEM_STATE)).isEmpty();
    }

    @Test
    void refusalsOfOneStage_comeTogether_inFolioOrder() {
        CheckOutFacts f = with(passing(), new CheckOut.Request("it-9", "u-9", null, null, null, null, "t", "s", null),
                BlockOverrides.NONE, null, List.of(), null, List.of(), null);
        assertThat(org.quire.platform.domain.Check.all(f, CheckOut.BORROWER_AND_ITEM)).extracting(Refusal::code)
                .containsExactly("SERVICE_POINT_IS_NOT_PRESENT", "USER_BARCODE_NOT_FOUND", "ITEM_BARCODE_NOT_FOUND");
    }

    // --- Each check ----------------------------------------------------------------------------------------------

    @Test
    void noServicePoint() {
        assertThat(CheckOut.refuseWhenNoServicePoint(passing())).isEmpty();
        CheckOutFacts f = passing();
        f = with(f, new CheckOut.Request("it-1", "u-1", null, null, null, null, "t", "s", null), f.overrides(),
                f.patron(), f.automatedBlocks(), null, List.of(), f.item());
        assertRefusal(CheckOut.refuseWhenNoServicePoint(f), "SERVICE_POINT_IS_NOT_PRESENT",
                "Check out must be performed at a service point", "servicePointId", null);
    }

    @Test
    void patronNotFound() {
        assertThat(CheckOut.refuseWhenPatronNotFound(passing())).isEmpty();
        assertRefusal(CheckOut.refuseWhenPatronNotFound(withPatron(null)), "USER_BARCODE_NOT_FOUND",
                "Could not find user with matching barcode", "userBarcode", "u-1");
    }

    @Test
    void patronBlockedManually_byAnUnexpiredBorrowingBlock() {
        PatronView p = patron("u-1");
        ObjectNode expired = Json.object().put("borrowing", true).put("expirationDate", "2026-03-01T00:00:00Z");
        assertThat(CheckOut.refuseWhenPatronBlockedManually(withPatron(
                new PatronView(p.user(), null, List.of(expired))))).isEmpty();
        ObjectNode block = Json.object().put("borrowing", true);
        assertRefusal(CheckOut.refuseWhenPatronBlockedManually(withPatron(new PatronView(p.user(), null, List.of(block)))),
                "USER_IS_BLOCKED_MANUALLY", "Patron blocked from borrowing", "userBarcode", "u-1");
    }

    @Test
    void patronBlockedAutomatically_unlessOverriddenWithPermissionAndComment() {
        assertThat(CheckOut.refuseWhenPatronBlockedAutomatically(passing())).isEmpty();
        assertRefusal(CheckOut.refuseWhenPatronBlockedAutomatically(withBlocks(null, Set.of())),
                "USER_IS_BLOCKED_AUTOMATICALLY", "Too many items", null, null);

        ObjectNode override = Json.object().put("comment", "Visiting scholar");
        override.putObject("patronBlock");
        CheckOutFacts overridden = withBlocks(override, Set.of(OverrideBlock.PATRON_BLOCK));
        assertThat(CheckOut.refuseWhenPatronBlockedAutomatically(overridden)).isEmpty();
        assertThat(CheckOut.throughOverride(overridden.withTerms(new CheckOutFacts.Terms(rule(Set.of(), Set.of(),
                Set.of()), policy().build(), null, null, Map.of())))).isTrue();
    }

    @Test
    void anOverrideWithoutItsPermission_stopsCheckOutAlone() {
        ObjectNode override = Json.object().put("comment", "Visiting scholar");
        override.putObject("patronBlock");
        assertThatThrownBy(() -> CheckOut.refuseWhenPatronBlockedAutomatically(withBlocks(override, Set.of())))
                .isInstanceOfSatisfying(Refused.class, e -> assertRefusal(e.refusals(),
                        "INSUFFICIENT_OVERRIDE_PERMISSIONS", "Missing permissions to override", "missingPermissions",
                        OVERRIDE_PERMISSION));
    }

    @Test
    void anOverrideWithoutAComment_stopsCheckOutAlone() {
        ObjectNode override = Json.object().put("comment", " ");
        override.putObject("patronBlock");
        assertThatThrownBy(() -> CheckOut.refuseWhenPatronBlockedAutomatically(
                withBlocks(override, Set.of(OverrideBlock.PATRON_BLOCK))))
                .isInstanceOfSatisfying(Refused.class, e -> assertRefusal(e.refusals(), null,
                        "Override should be performed with the comment specified", null, null));
    }

    @Test
    void proxyNotFound() {
        assertThat(CheckOut.refuseWhenProxyNotFound(passing())).isEmpty();
        assertRefusal(CheckOut.refuseWhenProxyNotFound(withProxy(null, List.of())), "PROXY_USER_BARCODE_NOT_FOUND",
                "Could not find proxy user with matching barcode", "proxyUserBarcode", "p-1");
    }

    @Test
    void patronInactive_orNotSayingWhether() {
        assertThat(CheckOut.refuseWhenPatronInactive(passing())).isEmpty();
        PatronView p = patron("u-1");
        p.user().put("active", false);
        assertRefusal(CheckOut.refuseWhenPatronInactive(withPatron(p)), "USER_IS_INACTIVE",
                "Cannot check out to inactive user", "userBarcode", "u-1");
        p.user().put("active", true).put("expirationDate", "2026-03-01T00:00:00Z");
        assertRefusal(CheckOut.refuseWhenPatronInactive(withPatron(p)), "USER_IS_INACTIVE",
                "Cannot check out to inactive user", "userBarcode", "u-1");
        p.user().remove("active");
        assertRefusal(CheckOut.refuseWhenPatronInactive(withPatron(p)), "USER_IS_INACTIVE",
                "Cannot determine if user is active or not", "userBarcode", "u-1");
    }

    @Test
    void proxyIsThePatron() {
        PatronView proxy = patron("p-1");
        assertThat(CheckOut.refuseWhenProxyIsThePatron(withProxy(proxy, List.of()))).isEmpty();
        CheckOutFacts f = withProxy(null, List.of());
        CheckOutFacts self = with(f, f.request(), f.overrides(), f.patron(), f.automatedBlocks(), f.patron(), List.of(),
                f.item());
        assertRefusal(CheckOut.refuseWhenProxyIsThePatron(self), "USER_CANNOT_BE_PROXY_FOR_THEMSELVES",
                "User cannot be proxy for themselves", "proxyUserId", self.patron().id().toString());
        // Its activity and relationship are not judged then.
        assertThat(CheckOut.refuseWhenProxyRelationshipInvalid(self)).isEmpty();
    }

    @Test
    void proxyInactive() {
        PatronView proxy = patron("p-1");
        assertThat(CheckOut.refuseWhenProxyInactive(withProxy(proxy, List.of()))).isEmpty();
        proxy.user().put("active", false);
        assertRefusal(CheckOut.refuseWhenProxyInactive(withProxy(proxy, List.of())), "PROXY_USER_IS_INACTIVE",
                "Cannot check out via inactive proxying user", "proxyUserBarcode", "p-1");
        proxy.user().remove("active");
        assertRefusal(CheckOut.refuseWhenProxyInactive(withProxy(proxy, List.of())), "PROXY_USER_IS_INACTIVE",
                "Cannot determine if proxying user is active or not", "proxyUserBarcode", "p-1");
    }

    @Test
    void proxyRelationship_mustBeActiveAndUnexpired() {
        PatronView proxy = patron("p-1");
        ObjectNode active = Json.object().put("status", "Active").put("expirationDate", "2027-01-01T00:00:00Z");
        assertThat(CheckOut.refuseWhenProxyRelationshipInvalid(withProxy(proxy, List.of(active)))).isEmpty();
        ObjectNode expired = Json.object().put("status", "Active").put("expirationDate", "2026-01-01T00:00:00Z");
        ObjectNode inactive = Json.object().put("status", "Inactive");
        assertRefusal(CheckOut.refuseWhenProxyRelationshipInvalid(withProxy(proxy, List.of(expired, inactive))),
                "PROXY_RELATIONSHIP_INVALID", "Cannot check out item via proxy when relationship is invalid",
                "proxyUserId", proxy.id().toString());
        assertRefusal(CheckOut.refuseWhenProxyRelationshipInvalid(withProxy(proxy, List.of())),
                "PROXY_RELATIONSHIP_INVALID", "Cannot check out item via proxy when relationship is invalid",
                "proxyUserId", proxy.id().toString());
    }

    @Test
    void itemNotFound() {
        assertThat(CheckOut.refuseWhenItemNotFound(passing())).isEmpty();
        assertRefusal(CheckOut.refuseWhenItemNotFound(withItem(null)), "ITEM_BARCODE_NOT_FOUND",
                "No item with barcode it-1 could be found", "itemBarcode", "it-1");
    }

    @Test
    void itemAlreadyCheckedOut() {
        assertThat(CheckOut.refuseWhenItemAlreadyCheckedOut(passing())).isEmpty();
        assertRefusal(CheckOut.refuseWhenItemAlreadyCheckedOut(withItem(item("Checked out"))),
                "ITEM_ALREADY_CHECKED_OUT", "Item is already checked out", "itemBarcode", "it-1");
    }

    @Test
    void itemStatusForbidsCheckOut_forLostClaimedAndIntellectualItems() {
        assertThat(CheckOut.refuseWhenItemStatusForbidsCheckOut(withItem(item("Checked out")))).isEmpty();
        assertThat(CheckOut.refuseWhenItemStatusForbidsCheckOut(withItem(item("Paged")))).isEmpty();
        for (String status : List.of("Declared lost", "Claimed returned", "Intellectual item", "Aged to lost")) {
            assertRefusal(CheckOut.refuseWhenItemStatusForbidsCheckOut(withItem(item(status))), "ITEM_HAS_STATUS",
                    "Dune (book) (Barcode: it-1) has the item status " + status + " and cannot be checked out",
                    "itemBarcode", "it-1");
        }
    }

    @Test
    void itemHasOpenLoan() {
        assertThat(CheckOut.refuseWhenItemHasOpenLoan(passing().withItemState(false, List.of()))).isEmpty();
        assertRefusal(CheckOut.refuseWhenItemHasOpenLoan(passing().withItemState(true, List.of())), "ITEM_HAS_OPEN_LOAN",
                "Cannot check out item that already has an open loan", "itemBarcode", "it-1");
    }

    @Test
    void itemRequestedByAnotherPatron_whenTheFirstRequestIsSomeoneElses() {
        CheckOutFacts f = passing();
        ObjectNode mine = Json.object().put("requesterId", f.patron().id().toString());
        ObjectNode theirs = Json.object().put("requesterId", UUID.randomUUID().toString());
        assertThat(CheckOut.refuseWhenItemRequestedByAnotherPatron(f.withItemState(false, List.of()))).isEmpty();
        assertThat(CheckOut.refuseWhenItemRequestedByAnotherPatron(f.withItemState(false, List.of(mine, theirs))))
                .isEmpty();
        assertRefusal(CheckOut.refuseWhenItemRequestedByAnotherPatron(f.withItemState(false, List.of(theirs, mine))),
                "ITEM_REQUESTED_BY_ANOTHER_PATRON", "Dune (Barcode: it-1) cannot be checked out to user Lovelace, Ada"
                        + " because it has been requested by another patron", "userBarcode", "u-1");
    }

    @Test
    void loanPolicyNotFound() {
        RuleMatch rule = rule(Set.of(), Set.of(), Set.of());
        assertThat(CheckOut.refuseWhenLoanPolicyNotFound(withTerms(policy().build(), rule, null, null, Set.of())))
                .isEmpty();
        assertRefusal(CheckOut.refuseWhenLoanPolicyNotFound(withTerms(null, rule, null, null, Set.of())),
                "LOAN_POLICY_NOT_FOUND", "Loan policy " + rule.policyId()
                        + " could not be found, please check circulation rules", "loanPolicyId", rule.policyId());
    }

    @Test
    void itemLimitReached_namesTheKindsTheRuleLimits() {
        LoanPolicy limit2 = policy().itemLimit(2).build();
        RuleMatch book = rule(Set.of(), Set.of(UUID.randomUUID().toString()), Set.of());
        assertThat(CheckOut.refuseWhenItemLimitReached(withTerms(limit2, book, 1L, null, Set.of()))).isEmpty();
        assertThat(CheckOut.refuseWhenItemLimitReached(withTerms(limit2, book, null, null, Set.of()))).isEmpty();
        assertRefusal(CheckOut.refuseWhenItemLimitReached(withTerms(limit2, book, 2L, null, Set.of())),
                "ITEM_LIMIT_MATERIAL_TYPE", "Patron has reached maximum limit of 2 items for material type",
                "itemBarcode", "it-1");
        String g = UUID.randomUUID().toString(), m = UUID.randomUUID().toString(), t = UUID.randomUUID().toString();
        assertThat(CheckOut.refuseWhenItemLimitReached(withTerms(limit2, rule(Set.of(g), Set.of(m), Set.of(t)), 3L,
                null, Set.of())).getFirst().code()).isEqualTo("ITEM_LIMIT_PATRON_GROUP_MATERIAL_TYPE_LOAN_TYPE");
        assertThat(CheckOut.refuseWhenItemLimitReached(withTerms(limit2, rule(Set.of(g), Set.of(), Set.of()), 3L,
                null, Set.of())).getFirst().message()).isEqualTo("Patron has reached maximum limit of 2 items for patron group");
        assertThat(CheckOut.refuseWhenItemLimitReached(withTerms(limit2, rule(Set.of(), Set.of(), Set.of(t)), 3L,
                null, Set.of())).getFirst().code()).isEqualTo("ITEM_LIMIT_LOAN_TYPE");
    }

    @Test
    void itemLimitReached_overridden() {
        ObjectNode override = Json.object().put("comment", "Thesis");
        override.putObject("itemLimitBlock");
        CheckOutFacts f = withTerms(policy().itemLimit(2).build(), rule(Set.of(), Set.of(UUID.randomUUID().toString()),
                Set.of()), 2L, override, Set.of(OverrideBlock.ITEM_LIMIT_BLOCK));
        assertThat(CheckOut.refuseWhenItemLimitReached(f)).isEmpty();
        assertThat(CheckOut.throughOverride(f)).isTrue();
    }

    @Test
    void itemNotLoanable_unlessOverriddenWithADueDate() {
        RuleMatch rule = rule(Set.of(), Set.of(), Set.of());
        assertThat(CheckOut.refuseWhenItemNotLoanable(withTerms(policy().build(), rule, null, null, Set.of()))).isEmpty();
        LoanPolicy reference = LoanPolicy.builder(UUID.randomUUID().toString(), "Reference only").notLoanable().build();
        assertRefusal(CheckOut.refuseWhenItemNotLoanable(withTerms(reference, rule, null, null, Set.of())),
                "ITEM_NOT_LOANABLE", "Item is not loanable", "loanPolicyName", "Reference only");

        ObjectNode override = Json.object().put("comment", "Exhibition");
        override.putObject("itemNotLoanableBlock").put("dueDate", "2026-04-01T00:00:00Z");
        CheckOutFacts f = withTerms(reference, rule, null, override, Set.of(OverrideBlock.ITEM_NOT_LOANABLE_BLOCK));
        assertThat(CheckOut.refuseWhenItemNotLoanable(f)).isEmpty();
        assertThat(CheckOut.throughOverride(f)).isTrue();

        ObjectNode noDate = Json.object().put("comment", "Exhibition");
        noDate.putObject("itemNotLoanableBlock");
        assertThatThrownBy(() -> CheckOut.refuseWhenItemNotLoanable(withTerms(reference, rule, null, noDate,
                Set.of(OverrideBlock.ITEM_NOT_LOANABLE_BLOCK))))
                .isInstanceOfSatisfying(Refused.class, e -> assertRefusal(e.refusals(), null,
                        "Override should be performed with due date specified", null, null));
    }

    @Test
    void anOrdinaryCheckOut_isNotThroughOverride_evenWhenAnOverrideIsAsked() {
        ObjectNode override = Json.object().put("comment", "Just in case");
        override.putObject("patronBlock");
        CheckOutFacts f = withTerms(policy().build(), rule(Set.of(), Set.of(), Set.of()), null, override,
                Set.of(OverrideBlock.PATRON_BLOCK));
        assertThat(CheckOut.throughOverride(f)).isFalse();
    }
}
