-- mod-users' patron PINs (PatronPinAPI, table patronpin): one per user, which self-check machines (SIP2 with
-- usePinForPatronVerification) and patron-facing sites verify instead of the login password. Stored as an Argon2id
-- hash like the passwords in credentials (FOLIO keeps a PBKDF2 derivation salted with the user id); gone with the user.
CREATE TABLE patron_pin (
    user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    hash text NOT NULL,
    updated timestamptz NOT NULL DEFAULT now()
);
