package org.quire.marc.rules;

import org.quire.app.ReferenceData;

/** Lookups over the reference data a new tenant gets (src/main/resources/reference, sample locations). */
public final class RulesFixtures {
    private RulesFixtures() {
    }

    public static Lookups defaultLookups() {
        return ReferenceData.lookups();
    }
}
