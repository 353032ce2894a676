package org.quire.platform.auth;

import java.util.UUID;

/**
 * Who is calling: the tenant from the header (verified against the token) and the token's user, or the tenant and
 * user of an edge API key ({@code viaApiKey}).
 */
public record Principal(String tenant, UUID userId, String username, boolean viaApiKey) {
    public static final Principal NONE = new Principal(null, null, null, false);
}
