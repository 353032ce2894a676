package org.quire.oaipmh;

import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * A stateless resumption token, as FOLIO's (mod-oai-pmh Request.toResumptionToken): base64url without padding of
 * {@code metadataPrefix=…&from=…&until=…&set=…&…&expirationDate=…}. It survives a restart and any number of servers.
 *
 * <p>Where FOLIO keeps an offset (which skips or repeats records when earlier ones change during a harvest), Quire's
 * token holds the keyset position — the datestamp and id of the last record sent — and the harvest's upper bound
 * frozen at its first request: the list is ordered by (datestamp, id), a record changed after the harvest began moves
 * past that bound (to the next incremental harvest), so no record is sent twice and none is skipped.
 *
 * @param cursor       how many records were sent before the next page (OAI-PMH's cursor)
 * @param total        completeListSize, counted at the first request
 * @param harvestUntil the frozen inclusive upper bound of datestamps
 */
public record ResumptionToken(String metadataPrefix, String from, String until, String set, int cursor, int total,
                              Instant lastDatestamp, UUID lastId, Instant harvestUntil, Instant expirationDate,
                              String tenant) {

    /** mod-oai-pmh Constants.RESUMPTION_TOKEN_TIMEOUT: 24 hours. */
    static final long LIFETIME_SECONDS = 24 * 60 * 60;

    String encode() {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("metadataPrefix", metadataPrefix);
        if (from != null) p.put("from", from);
        if (until != null) p.put("until", until);
        if (set != null) p.put("set", set);
        p.put("offset", String.valueOf(cursor));
        p.put("totalRecords", String.valueOf(total));
        p.put("lastDatestamp", lastDatestamp.toString());
        p.put("lastId", lastId.toString());
        p.put("harvestUntil", harvestUntil.toString());
        p.put("expirationDate", expirationDate.toString());
        p.put("tenantId", tenant);
        StringBuilder b = new StringBuilder();
        for (var e : p.entrySet()) {
            if (!b.isEmpty()) b.append('&');
            b.append(e.getKey()).append('=').append(URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8));
        }
        return Base64.getUrlEncoder().withoutPadding().encodeToString(b.toString().getBytes(StandardCharsets.UTF_8));
    }

    /** The token, or empty when it is not one of ours (not base64url, a missing or malformed part, a bad date). */
    static Optional<ResumptionToken> decode(String token) {
        try {
            String text = new String(Base64.getUrlDecoder().decode(token.trim()), StandardCharsets.UTF_8);
            Map<String, String> p = new LinkedHashMap<>();
            for (String pair : text.split("&")) {
                int eq = pair.indexOf('=');
                if (eq <= 0) return Optional.empty();
                p.put(pair.substring(0, eq), URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
            }
            String prefix = p.get("metadataPrefix");
            if (prefix == null) return Optional.empty();
            int cursor = Integer.parseInt(p.get("offset"));
            int total = Integer.parseInt(p.get("totalRecords"));
            if (cursor < 0 || total < 0) return Optional.empty();
            // tokens are not signed: a from or until a client edited is refused here, not parsed as a date later
            for (String bound : new String[]{p.get("from"), p.get("until")}) {
                if (bound != null && OaiPmh.granularity(bound) == 0) return Optional.empty();
            }
            return Optional.of(new ResumptionToken(prefix, p.get("from"), p.get("until"), p.get("set"), cursor, total,
                    Instant.parse(p.get("lastDatestamp")), UUID.fromString(p.get("lastId")),
                    Instant.parse(p.get("harvestUntil")), Instant.parse(p.get("expirationDate")), p.get("tenantId")));
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }
}
