package org.quire.platform.auth;

import at.favre.lib.crypto.bcrypt.BCrypt;
import org.bouncycastle.crypto.generators.Argon2BytesGenerator;
import org.bouncycastle.crypto.params.Argon2Parameters;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Password hashes: new ones are Argon2id in the PHC string format ({@code $argon2id$v=19$m=19456,t=2,p=1$salt$hash},
 * so a hash names its algorithm and parameters); bcrypt hashes ({@code $2a$}, {@code $2b$}, {@code $2y$}) stored
 * before are still verified, and {@link #needsRehash} tells the login to replace them. Argon2id has no input limit,
 * unlike bcrypt's 72 bytes; {@link #MAX_LENGTH} bounds the work a request can ask for.
 */
public final class Passwords {
    /** The longest password accepted (characters): long passphrases, not megabytes to hash. */
    public static final int MAX_LENGTH = 1024;

    // OWASP's minimum for Argon2id: 19 MiB, 2 iterations, 1 lane. Paid only at login and when setting a password:
    // measured 50-130 ms a hash on the shared 2-core build machine under load (bcrypt cost 10: 115-175 ms there).
    private static final int MEMORY_KIB = 19456;
    private static final int ITERATIONS = 2;
    private static final int PARALLELISM = 1;
    private static final int SALT_BYTES = 16;
    private static final int HASH_BYTES = 32;
    // Bounds on the parameters read back from a stored hash, so a corrupt one cannot ask for gigabytes.
    private static final int MAX_MEMORY_KIB = 1 << 20;
    private static final int MAX_ITERATIONS = 16;
    private static final int MAX_PARALLELISM = 16;

    private static final Pattern ARGON2ID = Pattern.compile(
            "\\$argon2id\\$v=19\\$m=(\\d{1,9}),t=(\\d{1,4}),p=(\\d{1,3})\\$([A-Za-z0-9+/]{11,})\\$([A-Za-z0-9+/]{22,})");
    private static final Base64.Encoder B64 = Base64.getEncoder().withoutPadding();
    private static final Base64.Decoder B64D = Base64.getDecoder();
    private static final SecureRandom RANDOM = new SecureRandom();

    private Passwords() {
    }

    /** A new Argon2id hash of the password, in the PHC string format. */
    public static String hash(String password) {
        byte[] salt = new byte[SALT_BYTES];
        RANDOM.nextBytes(salt);
        byte[] hash = argon2id(password, salt, MEMORY_KIB, ITERATIONS, PARALLELISM, HASH_BYTES);
        return "$argon2id$v=19$m=" + MEMORY_KIB + ",t=" + ITERATIONS + ",p=" + PARALLELISM
                + "$" + B64.encodeToString(salt) + "$" + B64.encodeToString(hash);
    }

    /** Whether the password matches the stored hash (Argon2id or bcrypt); false for anything unreadable. */
    public static boolean matches(String password, String hash) {
        if (password == null || hash == null || password.length() > MAX_LENGTH) return false;
        if (hash.startsWith("$argon2id$")) return matchesArgon2id(password, hash);
        if (hash.startsWith("$2a$") || hash.startsWith("$2b$") || hash.startsWith("$2y$")) {
            byte[] bytes = password.getBytes(StandardCharsets.UTF_8);
            // bcrypt reads 72 bytes at most; Quire never stored a bcrypt hash of a longer password (it refused them).
            if (bytes.length > 72) return false;
            try {
                return BCrypt.verifyer().verify(bytes, hash.getBytes(StandardCharsets.UTF_8)).verified;
            } catch (IllegalArgumentException e) {
                return false;
            }
        }
        return false;
    }

    /** Whether a hash that {@link #matches} should be replaced by a new {@link #hash}: not today's Argon2id. */
    public static boolean needsRehash(String hash) {
        Matcher m = ARGON2ID.matcher(hash);
        return !m.matches() || Integer.parseInt(m.group(1)) != MEMORY_KIB
                || Integer.parseInt(m.group(2)) != ITERATIONS || Integer.parseInt(m.group(3)) != PARALLELISM;
    }

    private static boolean matchesArgon2id(String password, String hash) {
        Matcher m = ARGON2ID.matcher(hash);
        if (!m.matches()) return false;
        int memory = Integer.parseInt(m.group(1));
        int iterations = Integer.parseInt(m.group(2));
        int parallelism = Integer.parseInt(m.group(3));
        if (memory > MAX_MEMORY_KIB || iterations < 1 || iterations > MAX_ITERATIONS
                || parallelism < 1 || parallelism > MAX_PARALLELISM || memory < 8 * parallelism) return false;
        byte[] salt;
        byte[] expected;
        try {
            salt = B64D.decode(m.group(4));
            expected = B64D.decode(m.group(5));
        } catch (IllegalArgumentException e) {
            return false;
        }
        byte[] actual = argon2id(password, salt, memory, iterations, parallelism, expected.length);
        return MessageDigest.isEqual(expected, actual);
    }

    private static byte[] argon2id(String password, byte[] salt, int memoryKib, int iterations, int parallelism,
                                   int length) {
        Argon2BytesGenerator generator = new Argon2BytesGenerator();
        generator.init(new Argon2Parameters.Builder(Argon2Parameters.ARGON2_id)
                .withVersion(Argon2Parameters.ARGON2_VERSION_13)
                .withSalt(salt).withMemoryAsKB(memoryKib).withIterations(iterations).withParallelism(parallelism)
                .build());
        byte[] out = new byte[length];
        generator.generateBytes(password.getBytes(StandardCharsets.UTF_8), out);
        return out;
    }
}
