package org.quire.platform.auth;

import at.favre.lib.crypto.bcrypt.BCrypt;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Argon2id hashes in the PHC format, bcrypt hashes still verified, and no exception for any input. */
class PasswordsTest {
    @Test
    void newHashes_areArgon2idInThePhcFormat_andMatchOnlyTheirPassword() {
        String passphrase = "correct horse battery staple ".repeat(7); // 203 bytes: over bcrypt's 72
        String hash = Passwords.hash(passphrase);
        assertThat(hash).matches("\\$argon2id\\$v=19\\$m=19456,t=2,p=1\\$[A-Za-z0-9+/]{22}\\$[A-Za-z0-9+/]{43}");
        assertThat(Passwords.matches(passphrase, hash)).isTrue();
        assertThat(Passwords.matches(passphrase.substring(0, 72), hash)).isFalse();
        assertThat(Passwords.matches(passphrase + "x", hash)).isFalse();
        assertThat(Passwords.hash(passphrase)).as("salted").isNotEqualTo(hash);
        assertThat(Passwords.needsRehash(hash)).isFalse();
    }

    @Test
    void verifiesAHashOfTheReferenceImplementation() {
        // Made by argon2-cffi 25 (the reference C implementation): PasswordHasher(2, 19456, 1).hash("é" * 100).
        String reference = "$argon2id$v=19$m=19456,t=2,p=1$iQheixkA0BkQdNx3xtRpHw$"
                + "yOruoVwExc/EBO0h3anoXbAI/GJAL0cphaJuS00VZSk";
        assertThat(Passwords.matches("é".repeat(100), reference)).isTrue();
        assertThat(Passwords.matches("e".repeat(100), reference)).isFalse();
    }

    @Test
    void bcryptHashes_stillMatch_andAskForARehash() {
        for (BCrypt.Version v : new BCrypt.Version[]{BCrypt.Version.VERSION_2A, BCrypt.Version.VERSION_2B,
                BCrypt.Version.VERSION_2Y}) {
            String bcrypt = BCrypt.with(v).hashToString(4, "admin".toCharArray());
            assertThat(Passwords.matches("admin", bcrypt)).as(bcrypt).isTrue();
            assertThat(Passwords.matches("wrong", bcrypt)).isFalse();
            assertThat(Passwords.matches("a".repeat(100), bcrypt)).as("over 72 bytes, no exception").isFalse();
            assertThat(Passwords.needsRehash(bcrypt)).isTrue();
        }
        assertThat(Passwords.needsRehash("$argon2id$v=19$m=65536,t=3,p=4$c29tZXNhbHRzb21lc2FsdA$"
                + "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA")).as("other parameters").isTrue();
    }

    @Test
    void nothingThrows_forNullsCorruptHashesOrOverlongPasswords() {
        String hash = Passwords.hash("pw");
        assertThat(Passwords.matches(null, hash)).isFalse();
        assertThat(Passwords.matches("pw", null)).isFalse();
        assertThat(Passwords.matches("pw", "")).isFalse();
        assertThat(Passwords.matches("pw", "plain")).isFalse();
        assertThat(Passwords.matches("pw", "$2a$10$short")).isFalse();
        assertThat(Passwords.matches("pw", hash.substring(0, hash.length() - 5))).isFalse();
        assertThat(Passwords.matches("pw", "$argon2id$v=19$m=99999999,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$"
                + "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA")).as("absurd memory").isFalse();
        assertThat(Passwords.matches("pw", "$argon2id$v=19$m=19456,t=0,p=1$c29tZXNhbHRzb21lc2FsdA$"
                + "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA")).isFalse();
        assertThat(Passwords.matches("x".repeat(Passwords.MAX_LENGTH + 1), hash)).isFalse();
    }
}
