package org.quire.circulation;

import java.util.Arrays;
import java.util.Set;
import java.util.TreeSet;

/**
 * The blocks staff may override, with the {@code overrideBlocks} property naming each and the permission it needs
 * (mod-circulation's OverridableBlockType). The one list: check-out, renewal and the permission registry read it, so
 * an override added here is also granted to administrators.
 */
public enum OverrideBlock {
    PATRON_BLOCK("patronBlock", "circulation.override-patron-block.post"),
    ITEM_LIMIT_BLOCK("itemLimitBlock", "circulation.override-item-limit-block.post"),
    ITEM_NOT_LOANABLE_BLOCK("itemNotLoanableBlock", "circulation.override-item-not-loanable-block.post"),
    RENEWAL_BLOCK("renewalBlock", "circulation.override-renewal-block.post"),
    RENEWAL_DUE_DATE_REQUIRED_BLOCK("renewalDueDateRequiredBlock", "circulation.override-renewal-block.post");

    private final String property;
    private final String permission;

    OverrideBlock(String property, String permission) {
        this.property = property;
        this.permission = permission;
    }

    /** The property of {@code overrideBlocks} that asks for this override. */
    public String property() {
        return property;
    }

    /** The permission a user needs to override this block. */
    public String permission() {
        return permission;
    }

    /** Every override permission: granted to administrators, listed by /perms/permissions. */
    public static Set<String> permissionNames() {
        Set<String> names = new TreeSet<>();
        Arrays.stream(values()).forEach(b -> names.add(b.permission));
        return names;
    }
}
