package org.quire.users;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.domain.Refused;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * mod-login's failed-login limit (LoginAttemptsHelper, its auth_attempts table): each wrong password of an existing,
 * active user is counted; the one that reaches {@code login.fail.to.warn.attempts} is refused with the warning code,
 * the one that reaches {@code login.fail.attempts} deactivates the user (as mod-login's PUT /users with
 * {@code active: false}, which here also ends their sessions) and resets the count. A successful login resets it.
 * The limits are mod-configuration entries found by code, as mod-login reads them
 * ({@code GET /configurations/entries?query=code==login.fail.attempts}; Quire serves /configurations/entries),
 * with mod-login's defaults when absent or not a number: 5 attempts, warning at 3, 10 minutes. An attempts value of 0
 * turns the limit off.
 *
 * <p>One difference: mod-login means {@code login.fail.timeout} as "failures older than this many minutes no longer
 * count", but stamps the failure's time before comparing it, so the timeout never applies there; Quire applies it —
 * a failure more than that many minutes after the previous one counts as the first.
 */
final class LoginLockout {
    static final String ATTEMPTS = "login.fail.attempts";
    static final String WARN_AT = "login.fail.to.warn.attempts";
    static final String TIMEOUT = "login.fail.timeout";

    /** mod-login's codes (LoginAPI.CODE_*) and messages. */
    static final String CODE_INCORRECT = "password.incorrect";
    static final String CODE_WARN = "password.incorrect.warn.user";
    static final String CODE_BLOCKED = "password.incorrect.block.user";

    record Limits(int attempts, int warnAt, int timeoutMinutes) {
        static Limits of(Map<String, String> values) {
            return new Limits(number(values.get(ATTEMPTS), 5), number(values.get(WARN_AT), 3),
                    number(values.get(TIMEOUT), 10));
        }

        private static int number(String value, int otherwise) {
            try {
                return value == null ? otherwise : Integer.parseInt(value.trim());
            } catch (NumberFormatException e) {
                return otherwise;
            }
        }
    }

    private LoginLockout() {
    }

    /**
     * Counts a wrong password of the user, within the caller's transaction, and answers the refusal for the client
     * (to throw once the transaction committed, so that the count and a deactivation stay).
     */
    static Refused failed(Connection c, String schema, UUID userId, String username) throws SQLException {
        Limits limits = Limits.of(UsersStore.configValues(c, schema, List.of(ATTEMPTS, WARN_AT, TIMEOUT)));
        int count = UsersStore.countFailedLogin(c, schema, userId, Math.max(limits.timeoutMinutes(), 0));
        if (limits.attempts() > 0 && count >= limits.attempts()) {
            deactivate(c, schema, userId);
            UsersStore.resetFailedLogins(c, schema, userId);
            return Refused.because("Fifth failed attempt", CODE_BLOCKED, null, null);
        }
        return Refused.because("Password does not match", count == limits.warnAt() ? CODE_WARN : CODE_INCORRECT,
                "username", username);
    }

    /** mod-login's block: the user, as stored, with {@code active: false} (through the users hooks: sessions end). */
    private static void deactivate(Connection c, String schema, UUID userId) throws SQLException {
        var stored = UserTypes.USERS.get(c, schema, userId);
        if (stored.isEmpty()) return;
        ObjectNode user = stored.get().deepCopy();
        user.put("active", false);
        UserTypes.USERS.update(c, schema, userId, user, null);
    }
}
