package org.quire.srs;

import java.util.UUID;

/** SRS's externalIdsHolder: the inventory or authority record made from this MARC record (each may be null). */
public record ExternalIds(UUID instanceId, String instanceHrid, UUID holdingsId, String holdingsHrid,
                          UUID authorityId, String authorityHrid) {
    public static final ExternalIds NONE = new ExternalIds(null, null, null, null, null, null);

    public ExternalIds withInstance(UUID id, String hrid) {
        return new ExternalIds(id, hrid, holdingsId, holdingsHrid, authorityId, authorityHrid);
    }

    public ExternalIds withHoldings(UUID id, String hrid) {
        return new ExternalIds(instanceId, instanceHrid, id, hrid, authorityId, authorityHrid);
    }

    public ExternalIds withAuthority(UUID id, String hrid) {
        return new ExternalIds(instanceId, instanceHrid, holdingsId, holdingsHrid, id, hrid);
    }
}
