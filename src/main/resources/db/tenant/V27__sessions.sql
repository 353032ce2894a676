-- Revocable sessions (issue 12). A token carries its session id (sid, shared by one login's access and refresh
-- tokens and kept across refresh rotation) and its issue instant; PermissionCache's per-user load reads both tables
-- with the user's active flag and permissions, so refusing a revoked token costs no extra round trip.

-- Every token of the user issued before not_before is dead: password change, logout-all, deactivation, deletion.
CREATE TABLE session_not_before (
    user_id uuid PRIMARY KEY,
    not_before timestamptz NOT NULL
);

-- Sessions ended one by one (logout), kept until their refresh token would have expired.
CREATE TABLE revoked_session (
    sid uuid PRIMARY KEY,
    user_id uuid NOT NULL,
    expires timestamptz NOT NULL
);
CREATE INDEX revoked_session_user_id_idx ON revoked_session (user_id);

-- mod-login's auth_attempts (LoginAttemptsHelper): consecutive failed logins of a user and the last one's time.
CREATE TABLE auth_attempts (
    user_id uuid PRIMARY KEY,
    attempt_count integer NOT NULL,
    last_attempt timestamptz NOT NULL
);
CREATE INDEX refresh_token_user_id_idx ON refresh_token (user_id);
