package org.quire.platform.auth;

import com.fasterxml.jackson.databind.JsonNode;
import org.quire.platform.Json;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Optional;

/**
 * An edge API key as FOLIO's edge modules read it (edge-common {@code ApiKeyUtils}, edge-api-utils
 * {@code ApiKeyParser}): base64url, padded, of the JSON {@code {"s": salt, "t": tenant, "u": username}}; a key
 * whose salt, tenant or username is missing or empty is malformed. In FOLIO the salt names the institutional
 * user's password in a secure store; in Quire it is a random secret of {@link #SALT_LENGTH} characters and the key
 * is looked up by {@link #hash()}.
 */
public record EdgeApiKey(String salt, String tenant, String username) {
    /** edge-common generates 10 characters by default (about 60 bits); Quire's keys carry about 143. */
    static final int SALT_LENGTH = 24;
    private static final String ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    private static final SecureRandom RANDOM = new SecureRandom();

    public static EdgeApiKey generate(String tenant, String username) {
        StringBuilder salt = new StringBuilder(SALT_LENGTH);
        for (int i = 0; i < SALT_LENGTH; i++) salt.append(ALPHABET.charAt(RANDOM.nextInt(ALPHABET.length())));
        return new EdgeApiKey(salt.toString(), tenant, username);
    }

    /** The key's text, as edge-common encodes it (URL-safe alphabet with padding, properties in s, t, u order). */
    public String encode() {
        String json = Json.write(Json.object().put("s", salt).put("t", tenant).put("u", username));
        return Base64.getUrlEncoder().encodeToString(json.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Reads a key; empty when it is not base64, not a JSON object, or lacks a salt, tenant or username. The
     * standard base64 alphabet is accepted too (a key copied through tools that re-encode it).
     */
    public static Optional<EdgeApiKey> parse(String key) {
        if (key == null || key.isBlank() || key.length() > 4096) return Optional.empty();
        byte[] decoded;
        try {
            decoded = Base64.getUrlDecoder().decode(key.trim());
        } catch (IllegalArgumentException e) {
            try {
                decoded = Base64.getDecoder().decode(key.trim());
            } catch (IllegalArgumentException e2) {
                return Optional.empty();
            }
        }
        JsonNode json;
        try {
            json = Json.parse(new String(decoded, StandardCharsets.UTF_8));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
        if (!json.isObject()) return Optional.empty();
        String s = textOf(json, "s"), t = textOf(json, "t"), u = textOf(json, "u");
        if (s == null || t == null || u == null) return Optional.empty();
        return Optional.of(new EdgeApiKey(s, t, u));
    }

    private static String textOf(JsonNode json, String name) {
        JsonNode n = json.get(name);
        return n != null && n.isTextual() && !n.asText().isEmpty() ? n.asText() : null;
    }

    /**
     * What the database keeps: SHA-256 over tenant, username and salt (not over the key's text, so that padding or
     * alphabet variants of one key are one key). The salt is a high-entropy secret, so no slow hash is needed.
     */
    public byte[] hash() {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            return sha.digest((tenant + '\0' + username + '\0' + salt).getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
