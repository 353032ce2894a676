package org.quire.platform.auth;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jose.crypto.MACVerifier;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.text.ParseException;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.HexFormat;
import java.util.UUID;

/**
 * HS256 JWTs with FOLIO's claims (sub, user_id, tenant, type, iat, exp), signed with a per-installation secret kept
 * in the data directory so tokens survive restarts and several processes on one data directory agree.
 */
public final class Tokens {
    public static final Duration ACCESS_TTL = Duration.ofMinutes(10);
    public static final Duration REFRESH_TTL = Duration.ofDays(7);
    /** The deprecated /authn/login gives long-lived tokens, as FOLIO's legacy tokens are (PTF runs last hours). */
    public static final Duration LEGACY_TTL = Duration.ofHours(24);

    private final MACSigner signer;
    private final MACVerifier verifier;

    public record Claims(String username, UUID userId, String tenant, String type, Instant expires, String jti) {
    }

    public Tokens(byte[] secret) {
        try {
            this.signer = new MACSigner(secret);
            this.verifier = new MACVerifier(secret);
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Reads the installation secret from {@code dataDir/jwt.secret}, creating it on first start. */
    public static Tokens forDataDir(Path dataDir) {
        Path f = dataDir.resolve("jwt.secret");
        try {
            if (!Files.exists(f)) {
                Files.createDirectories(dataDir);
                byte[] b = new byte[32];
                new SecureRandom().nextBytes(b);
                Files.writeString(f, HexFormat.of().formatHex(b));
                try {
                    Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rw-------"));
                } catch (UnsupportedOperationException ignored) {
                    // not a POSIX file system
                }
            }
            return new Tokens(HexFormat.of().parseHex(Files.readString(f).trim()));
        } catch (IOException e) {
            throw new IllegalStateException("Cannot read or create " + f + ": " + e.getMessage(), e);
        }
    }

    public String issue(String username, UUID userId, String tenant, String type, Duration ttl) {
        Instant now = Instant.now();
        JWTClaimsSet claims = new JWTClaimsSet.Builder()
                .subject(username)
                .claim("user_id", userId.toString())
                .claim("tenant", tenant)
                .claim("type", type)
                .jwtID(UUID.randomUUID().toString())
                .issueTime(Date.from(now))
                .expirationTime(Date.from(now.plus(ttl)))
                .build();
        SignedJWT jwt = new SignedJWT(new JWSHeader(JWSAlgorithm.HS256), claims);
        try {
            jwt.sign(signer);
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
        return jwt.serialize();
    }

    /** The verified claims, or null when the token is malformed, forged or expired. */
    public Claims verify(String token) {
        try {
            SignedJWT jwt = SignedJWT.parse(token);
            if (!JWSAlgorithm.HS256.equals(jwt.getHeader().getAlgorithm()) || !jwt.verify(verifier)) return null;
            JWTClaimsSet c = jwt.getJWTClaimsSet();
            Date exp = c.getExpirationTime();
            if (exp == null || exp.toInstant().isBefore(Instant.now())) return null;
            return new Claims(c.getSubject(), UUID.fromString(c.getStringClaim("user_id")), c.getStringClaim("tenant"),
                    c.getStringClaim("type"), exp.toInstant(), c.getJWTID());
        } catch (ParseException | JOSEException | IllegalArgumentException | NullPointerException e) {
            return null;
        }
    }
}
