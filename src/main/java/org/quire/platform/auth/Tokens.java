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
 * in the data directory so tokens survive restarts and several processes on one data directory agree. Two more
 * claims make sessions revocable (docs/architecture.md "Sessions"): {@code sid}, the session id shared by one
 * login's access and refresh tokens and kept across refresh rotation (Keycloak's tokens, which FOLIO's Eureka
 * platform issues, carry a {@code sid} too), and {@code iat_ms}, the issue instant in milliseconds: {@code iat} has
 * whole seconds, too coarse to tell a token issued just before a password change from the login just after it.
 */
public final class Tokens {
    public static final Duration ACCESS_TTL = Duration.ofMinutes(10);
    public static final Duration REFRESH_TTL = Duration.ofDays(7);
    /** The deprecated /authn/login gives long-lived tokens, as FOLIO's legacy tokens are (PTF runs last hours). */
    public static final Duration LEGACY_TTL = Duration.ofHours(24);

    private final MACSigner signer;
    private final MACVerifier verifier;

    /**
     * @param sid    the session, null for tokens issued before sessions were revocable (Quire before issue 12)
     * @param issued when the token was issued ({@code iat_ms}, else {@code iat})
     */
    public record Claims(String username, UUID userId, String tenant, String type, Instant expires, String jti,
                         UUID sid, Instant issued) {
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

    /** A token of a new session. */
    public String issue(String username, UUID userId, String tenant, String type, Duration ttl) {
        return issue(username, userId, tenant, type, ttl, UUID.randomUUID());
    }

    /** A token of session {@code sid} (a login's access and refresh tokens share it; a refresh keeps it). */
    public String issue(String username, UUID userId, String tenant, String type, Duration ttl, UUID sid) {
        Instant now = Instant.now();
        JWTClaimsSet claims = new JWTClaimsSet.Builder()
                .subject(username)
                .claim("user_id", userId.toString())
                .claim("tenant", tenant)
                .claim("type", type)
                .claim("sid", sid.toString())
                .claim("iat_ms", now.toEpochMilli())
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
     * Tokens already verified, by their text. A signed token never changes, so one verification holds until the
     * expiry, which is checked on every use; whether its session was revoked is asked afterwards, of
     * {@link PermissionCache#sessionAlive}. Verifying (parsing, HMAC,
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
            String sid = c.getStringClaim("sid");
            Long issuedMs = c.getLongClaim("iat_ms");
            Date iat = c.getIssueTime();
            Instant issued = issuedMs != null ? Instant.ofEpochMilli(issuedMs)
                    : iat != null ? iat.toInstant() : Instant.EPOCH;
            return new Claims(c.getSubject(), UUID.fromString(c.getStringClaim("user_id")), c.getStringClaim("tenant"),
                    c.getStringClaim("type"), exp.toInstant(), c.getJWTID(), sid == null ? null : UUID.fromString(sid),
                    issued);
        } catch (ParseException | JOSEException | IllegalArgumentException | NullPointerException e) {
            return null;
        }
    }
}
