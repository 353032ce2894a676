package org.quire.platform.auth;

import at.favre.lib.crypto.bcrypt.BCrypt;

import java.nio.charset.StandardCharsets;

/** bcrypt password hashes (cost 10: ~50 ms per login on this class of machine, paid only at login). */
public final class Passwords {
    private static final int COST = 10;

    private Passwords() {
    }

    public static String hash(String password) {
        return BCrypt.withDefaults().hashToString(COST, password.toCharArray());
    }

    public static boolean matches(String password, String hash) {
        if (password == null || hash == null) return false;
        return BCrypt.verifyer().verify(password.getBytes(StandardCharsets.UTF_8),
                hash.getBytes(StandardCharsets.UTF_8)).verified;
    }
}
