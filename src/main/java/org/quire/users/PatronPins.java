package org.quire.users;

import org.quire.platform.auth.Passwords;
import org.quire.platform.db.Database;
import org.quire.platform.domain.InvalidInput;
import org.quire.platform.domain.NotFound;

import java.util.Optional;
import java.util.UUID;

/**
 * Patrons' PINs as mod-users keeps them (PatronPinAPI): set or replaced, removed, and verified — the check self-check
 * machines (SIP2's {@code usePinForPatronVerification}) and patron-facing sites make instead of a login with the
 * patron's password. A PIN is hashed like a password (Argon2id, {@link Passwords}), outside any transaction since
 * hashing takes tens of milliseconds on purpose. No lockout after failed tries, as in FOLIO: verifying needs a
 * staff permission or a logged-in SIP2 terminal.
 */
public final class PatronPins {
    private final Database db;

    public PatronPins(Database db) {
        this.db = db;
    }

    /** Sets or replaces the user's PIN (FOLIO's upsert). */
    public void set(String schema, String userId, String pin) {
        UUID id = userId(userId);
        if (pin == null || pin.isEmpty()) throw new InvalidInput("pin is required: the PIN to set");
        if (pin.length() > Passwords.MAX_LENGTH)
            throw new InvalidInput("pin is longer than " + Passwords.MAX_LENGTH + " characters");
        String hash = Passwords.hash(pin);
        boolean saved = db.tx(c -> UsersStore.savePin(c, schema, id, hash));
        if (!saved) throw new NotFound("User with id " + id + " not found");
    }

    /** Removes the user's PIN; nothing to remove is no error (FOLIO's 200 either way). */
    public void remove(String schema, String userId) {
        UUID id = userId(userId);
        db.tx(c -> {
            UsersStore.deletePin(c, schema, id);
            return null;
        });
    }

    /**
     * Whether the PIN is the user's. False for a user without a PIN, an unknown or malformed id, or no PIN sent:
     * FOLIO answers all of these with the same 422, and its clients read only "200 or not".
     */
    public boolean matches(String schema, String userId, String pin) {
        UUID id;
        try {
            id = UUID.fromString(userId == null ? "" : userId);
        } catch (IllegalArgumentException notAUuid) {
            return false;
        }
        return matches(schema, id, pin);
    }

    /** Whether the PIN is the user's, for a caller that has the user's id (SIP2's patron). */
    public boolean matches(String schema, UUID userId, String pin) {
        if (pin == null) return false;
        Optional<String> hash = db.read(c -> UsersStore.pinHash(c, schema, userId));
        return hash.isPresent() && Passwords.matches(pin, hash.get());
    }

    private static UUID userId(String id) {
        try {
            return UUID.fromString(id == null ? "" : id);
        } catch (IllegalArgumentException e) {
            throw new InvalidInput("id must be the user's id (a UUID): " + (id == null ? "none given" : id));
        }
    }
}
