package org.quire.sip2;

import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.UUID;

/**
 * One terminal's connection: who logged in (93), at which service point, with which tenant configuration, and the
 * last response sent (97 resends it; a repeated request with the same AY and AZ gets it again, as edge-sip2's
 * MainVerticle.requiredResending). Used by one connection's thread only.
 */
final class Sip2Session {
    /** The tenant of the listener the terminal connected to (a tenant's own port), null on the shared one. */
    final String portTenant;
    String tenant;
    String schema;
    UUID staffUserId;
    String staffUsername;
    UUID servicePointId;
    AcsConfig config;
    ZoneId zone = ZoneOffset.UTC;

    String lastResponse;
    String lastChecksum;
    int lastSequence = -1;
    /** The terminal sent an AZ checksum at least once: every answer, 96 included, carries one from then on. */
    boolean errorDetection;

    Sip2Session(String portTenant) {
        this.portTenant = portTenant;
    }

    boolean loggedIn() {
        return staffUserId != null;
    }

    void logout() {
        tenant = null;
        schema = null;
        staffUserId = null;
        staffUsername = null;
        servicePointId = null;
        config = null;
    }

    /** A permission the SIP2 account must hold for an operation, as the HTTP route it stands for requires. */
    void require(org.quire.platform.auth.PermissionCache permissions, String permission) {
        if (!permissions.has(tenant, staffUserId, permission))
            throw new Sip2Refusal("Access requires permission: " + permission);
    }
}
