package org.quire.platform.auth;

import java.util.UUID;

/** Who is calling: the tenant from the header (verified against the token) and the token's user. */
public record Principal(String tenant, UUID userId, String username) {
    public static final Principal NONE = new Principal(null, null, null);
}
