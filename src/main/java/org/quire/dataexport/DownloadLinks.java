package org.quire.dataexport;

import org.quire.platform.SecretFile;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.UUID;

/**
 * The links {@code GET /data-export/job-executions/{id}/download/{fileId}} answers. FOLIO answers a presigned S3 URL
 * that a browser opens without Okapi headers; Quire signs its own URL the same way: the tenant, job, file and expiry
 * under an HMAC-SHA256 whose key lives in the data directory ({@code data-export/link.key}, mode 0600), so links
 * survive a restart and cannot be forged or reused for another file or after {@value #HOURS} hours.
 */
final class DownloadLinks {
    static final int HOURS = 24;
    private final byte[] key;

    DownloadLinks(Path dataDir) {
        try {
            key = SecretFile.readOrCreate(dataDir.resolve("data-export").resolve("link.key"), () -> SecretFile.random(32))
                    .getBytes(StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The path and query of a link (to be put after the server's base URL). */
    String path(String tenant, UUID jobId, UUID fileId, Instant now) {
        long expires = now.plus(Duration.ofHours(HOURS)).getEpochSecond();
        return "/data-export/files/" + jobId + "/" + fileId + "?tenant=" + tenant + "&expires=" + expires
                + "&signature=" + sign(tenant, jobId, fileId, expires);
    }

    /** Whether a link's signature is this server's for these values and the link has not expired. */
    boolean valid(String tenant, UUID jobId, UUID fileId, String expires, String signature, Instant now) {
        if (tenant == null || expires == null || signature == null) return false;
        long e;
        try {
            e = Long.parseLong(expires);
        } catch (NumberFormatException x) {
            return false;
        }
        if (now.getEpochSecond() > e) return false;
        return MessageDigest.isEqual(sign(tenant, jobId, fileId, e).getBytes(StandardCharsets.US_ASCII),
                signature.getBytes(StandardCharsets.US_ASCII));
    }

    private String sign(String tenant, UUID jobId, UUID fileId, long expires) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            String text = tenant + "\n" + jobId + "\n" + fileId + "\n" + expires;
            return HexFormat.of().formatHex(mac.doFinal(text.getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }
}
