package org.quire.users;

import org.quire.platform.Ids;
import org.quire.platform.auth.Passwords;
import org.quire.platform.auth.Tokens;
import org.quire.platform.db.Database;
import org.quire.platform.domain.Refused;
import org.quire.platform.records.RecordStore;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.UUID;

/**
 * mod-login's rules: verifying a user's credentials, issuing and spending refresh tokens, setting passwords. Each
 * public method is one use case with its own transaction; refusals are mod-login's 422s ({@link Refused}).
 */
public final class Logins {
    private final Database db;
    private final Tokens tokens;

    public Logins(Database db, Tokens tokens) {
        this.db = db;
        this.tokens = tokens;
    }

    /**
     * A user whose credentials were verified; {@code rehash} when their stored hash (bcrypt, or older Argon2id
     * parameters) is to be replaced by the login's writes.
     */
    public record LoggedIn(UUID userId, String username, Rehash rehash, boolean resetFailedLogins, UUID sid) {
        /** A fresh login: a new session. */
        LoggedIn(UUID userId, String username, Rehash rehash, boolean resetFailedLogins) {
            this(userId, username, rehash, resetFailedLogins, UUID.randomUUID());
        }

        /** Whether the login has something to write besides its refresh token. */
        boolean writes() {
            return rehash != null || resetFailedLogins;
        }
    }

    /** The stored hash a password matched and its replacement, computed from the password at login. */
    public record Rehash(String stored, String fresh) {
    }

    /**
     * mod-login's checks, in its order and with its 422 messages: the user exists by username, is active, and the
     * password matches — a wrong one counts towards the failed-login limit ({@link LoginLockout}). A successful
     * login resets the count, a statement of the login's writes only when there was one ({@link #saveRehash}).
     */
    LoggedIn verify(String schema, String username, String password) {
        record Stored(UUID id, boolean active, UsersStore.StoredCredentials credentials) {
        }
        Stored stored = db.read(c -> {
            var user = UserTypes.USERS.findBy(c, schema, "username", username).orElseThrow(() ->
                    Refused.because("Error verifying user existence: No user found by username " + username,
                            "username.incorrect", "username", username));
            UUID id = UUID.fromString(user.get("id").asText());
            return new Stored(id, user.path("active").asBoolean(false), UsersStore.credentials(c, schema, id));
        });
        if (!stored.active())
            throw Refused.because("User must be flagged as active", "user.blocked", "username", username);
        // Hashing takes tens of milliseconds on purpose: do it without holding a database connection. A password
        // longer than Passwords.MAX_LENGTH could never have been set, so it does not match (and is not hashed).
        String hash = stored.credentials().hash();
        if (!Passwords.matches(password, hash))
            throw db.tx(c -> LoginLockout.failed(c, schema, stored.id(), username));
        Rehash rehash = Passwords.needsRehash(hash) ? new Rehash(hash, Passwords.hash(password)) : null;
        return new LoggedIn(stored.id(), username, rehash, stored.credentials().failedLogins() > 0);
    }

    /**
     * A login without a session (SIP2's 93, a patron's password): mod-login's checks of {@link #verify}, and its
     * writes (a new hash, the failed-login count reset) in their own transaction. Refused as mod-login refuses.
     */
    public LoggedIn verifyPassword(String schema, String username, String password) {
        LoggedIn u = verify(schema, username, password);
        saveRehash(schema, u);
        return u;
    }

    /**
     * Stores the login's new hash, if any, within the caller's transaction (the login's own writes): one statement,
     * only when re-hashing, and only if the password was not changed since it was verified. Resets the failed-login
     * count the same way: one statement, only when there was one.
     */
    static void saveRehash(Connection c, String schema, LoggedIn u) throws SQLException {
        if (u.rehash() != null)
            UsersStore.replacePasswordHash(c, schema, u.userId(), u.rehash().stored(), u.rehash().fresh());
        if (u.resetFailedLogins()) UsersStore.resetFailedLogins(c, schema, u.userId());
    }

    /** For a login that writes nothing else (mod-users-bl's legacy login): stores its new hash and count, if any. */
    void saveRehash(String schema, LoggedIn u) {
        if (!u.writes()) return;
        db.tx(c -> {
            saveRehash(c, schema, u);
            return null;
        });
    }

    /** A new refresh token of the login's session, recorded so that it can be spent once. */
    String newRefreshToken(String schema, String tenant, LoggedIn u) {
        String token = tokens.issue(u.username(), u.userId(), tenant, "refresh", Tokens.REFRESH_TTL, u.sid());
        Tokens.Claims claims = tokens.verify(token);
        db.tx(c -> {
            UsersStore.saveRefreshToken(c, schema, tokenId(claims), u.userId(), claims.expires());
            saveRehash(c, schema, u);
            return null;
        });
        return token;
    }

    /**
     * Spends a refresh token: 422 "Invalid refresh token" when it was spent or revoked already (logout, password
     * change, deactivation and deletion delete the user's refresh tokens) or its user is no longer active. The new
     * tokens keep the session ({@code sid}; a token from before sessions had ids starts one).
     */
    LoggedIn spendRefreshToken(String schema, Tokens.Claims claims) {
        if (!db.tx(c -> UsersStore.spendRefreshToken(c, schema, tokenId(claims))))
            throw Refused.because("Invalid refresh token", "token.invalid", null, null);
        return new LoggedIn(claims.userId(), claims.username(), null, false,
                claims.sid() != null ? claims.sid() : UUID.randomUUID());
    }

    /** POST /authn/logout: the refresh token's session ends (its access tokens too). */
    void logout(String schema, Tokens.Claims refresh) {
        db.tx(c -> {
            Sessions.end(c, schema, refresh, tokenId(refresh));
            return null;
        });
    }

    /** POST /authn/logout-all: every session of the user ends. */
    void logoutAll(String schema, UUID userId) {
        db.tx(c -> {
            Sessions.endAll(c, schema, userId);
            return null;
        });
    }

    /**
     * POST /authn/credentials: sets (or replaces) the password of the user given by id, else by username. A missing
     * password and an unknown username are mod-login's 422s.
     */
    void setCredentials(String schema, String userId, String username, String password) {
        if (password == null || password.isEmpty())
            throw Refused.because("Password is required", "password.required", "password", null);
        // Quire's own limit (FOLIO has none; bcrypt's 72 bytes gave a 500): long passphrases, bounded work.
        if (password.length() > Passwords.MAX_LENGTH)
            throw Refused.because("Password must not be longer than " + Passwords.MAX_LENGTH + " characters",
                    "password.tooLong", "password", null);
        db.tx(c -> {
            UUID id = userId != null ? RecordStore.uuid(userId, "id")
                    : UserTypes.USERS.findBy(c, schema, "username", String.valueOf(username))
                    .map(u -> UUID.fromString(u.get("id").asText()))
                    .orElseThrow(() -> Refused.because("No user found", "user.absent", "username", username));
            setPassword(c, schema, id, password);
            return null;
        });
    }

    /** DELETE /authn/credentials: the password goes, and with it every session of the user. */
    void deleteCredentials(String schema, UUID userId) {
        db.tx(c -> {
            UsersStore.deleteCredentials(c, schema, userId);
            Sessions.endAll(c, schema, userId);
            return null;
        });
    }

    /**
     * Sets the user's password (stored as its Argon2id hash) within the caller's transaction. Replacing one ends
     * every session of the user, as a changed password must (issue 12); a first password has none to end.
     */
    public static void setPassword(Connection c, String schema, UUID userId, String password) throws SQLException {
        if (UsersStore.saveCredentials(c, schema, userId, Passwords.hash(password))) Sessions.endAll(c, schema, userId);
    }

    private static UUID tokenId(Tokens.Claims claims) {
        return Ids.parse(claims.jti()).orElseThrow();
    }
}
