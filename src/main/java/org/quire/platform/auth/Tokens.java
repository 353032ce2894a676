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
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

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

    /**
     * Tokens already verified, by their text. A signed token never changes and Quire revokes no access token before it
     * expires, so one verification holds until the expiry, which is checked on every use. Verifying (parsing, HMAC,
     * claims JSON) cost ~7% of the server's CPU under check-in/check-out load; a lookup costs next to nothing. Only
     * tokens that verified are kept, and the map is simply emptied when it grows past its bound.
     */
    private final Map<String, Claims> verified = new ConcurrentHashMap<>();
    static final int MAX_VERIFIED = 10_000;

    /** The verified claims, or null when the token is malformed, forged or expired. */
    public Claims verify(String token) {
        Claims claims = verified.get(token);
        if (claims == null) {
            claims = verifySignature(token);
            if (claims == null) return null;
            if (verified.size() >= MAX_VERIFIED) verified.clear();
            verified.put(token, claims);
        }
        return claims.expires().isAfter(Instant.now()) ? claims : null;
    }

    int remembered() {
        return verified.size();
    }

    private Claims verifySignature(String token) {
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
