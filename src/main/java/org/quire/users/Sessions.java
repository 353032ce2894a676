package org.quire.users;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.auth.PermissionCache;
import org.quire.platform.auth.Tokens;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.UUID;

/**
 * Ending sessions (docs/architecture.md "Sessions"), within the caller's transaction. Every token carries its session
 * id and issue instant; the authenticator refuses a token whose user is gone or inactive, that was issued before the
 * user's not-before instant, or whose session was revoked — all read with the user's permissions
 * ({@link PermissionCache}), which these writes invalidate once their transaction commits.
 */
final class Sessions {
    private Sessions() {
    }

    /**
     * Ends every session of the user: password change, logout-all, deactivation, deletion, failed-login block. Their refresh tokens go,
     * and every token issued before now dies. Now is taken to the millisecond, as tokens carry it ({@code iat_ms}),
     * so that a login right after this (a new password's first) is not taken for one before it.
     */
    static void endAll(Connection c, String schema, UUID userId) throws SQLException {
        UsersStore.setSessionsNotBefore(c, schema, userId, Instant.now().truncatedTo(ChronoUnit.MILLIS));
        UsersStore.deleteRefreshTokens(c, schema, userId);
        PermissionCache.changed(schema, userId);
    }

    /**
     * Ends one session (logout): its refresh token goes, and its id is kept as revoked until that refresh token would
     * have expired (after that, every token of the session has expired anyway). A token issued before sessions
     * had ids names none: only its refresh token goes.
     */
    static void end(Connection c, String schema, Tokens.Claims refresh, UUID refreshTokenId) throws SQLException {
        UsersStore.deleteRefreshToken(c, schema, refreshTokenId);
        if (refresh.sid() == null) return;
        UsersStore.revokeSession(c, schema, refresh.sid(), refresh.userId(), refresh.expires());
        PermissionCache.changed(schema, refresh.userId());
    }

    /**
     * The users hooks' part: a user deactivated (active was true, is not now) loses their sessions; so does a user
     * deleted ({@link #deleted}). A user whose {@code active} is set by any other path (SQL, a job) is refused by the
     * authenticator all the same, as it reads {@code active} with the permissions.
     */
    static void afterUserWrites(Connection c, String schema, List<ObjectNode> records, List<ObjectNode> previous)
            throws SQLException {
        for (int i = 0; i < records.size(); i++) {
            ObjectNode before = previous.get(i);
            if (before == null) continue;
            boolean wasActive = before.path("active").asBoolean(false);
            boolean active = records.get(i).path("active").asBoolean(false);
            UUID id = UUID.fromString(records.get(i).get("id").asText());
            if (wasActive && !active) endAll(c, schema, id);
            else if (active != wasActive) PermissionCache.changed(schema, id);   // reactivated: logins may go on
        }
    }

    static void deleted(Connection c, String schema, ObjectNode user) throws SQLException {
        endAll(c, schema, UUID.fromString(user.get("id").asText()));
    }
}
