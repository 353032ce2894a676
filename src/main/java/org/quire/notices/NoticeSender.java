package org.quire.notices;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;

/**
 * Delivers one rendered notice. The {@code patron-notices} job calls it inside the transaction that then deletes (or
 * advances) the notice, so a notice is handed over once — unless the process dies between the hand-over and the
 * commit, when it is handed over again (at least once). A sender that throws leaves the notice for a later retry.
 */
public interface NoticeSender {

    /**
     * @param email           the recipient's {@code personal.email}, or null when the user has none
     * @param outputFormat    the MIME type of {@code body}: "text/html" (FOLIO's templates) or "text/plain"
     * @param triggeringEvent FOLIO's event name ("Check out", "Due date", …), or null for POST /patron-notice
     */
    record Notice(String tenant, UUID recipientUserId, String email, String templateId, String outputFormat,
                  String subject, String body, String triggeringEvent, Instant time) {
    }

    void send(Notice notice) throws IOException;

    /**
     * SMTP when {@code QUIRE_SMTP_HOST} is set ({@code QUIRE_SMTP_PORT}, {@code QUIRE_SMTP_USER},
     * {@code QUIRE_SMTP_PASSWORD}, {@code QUIRE_SMTP_FROM}); otherwise one JSON line per notice in
     * {@code <dataDir>/notices/<tenant>.jsonl}.
     */
    static NoticeSender fromEnvironment(Map<String, String> env, Path dataDir) {
        String host = env.get("QUIRE_SMTP_HOST");
        if (host == null || host.isBlank()) return new FileNoticeSender(dataDir.resolve("notices"));
        String user = blankToNull(env.get("QUIRE_SMTP_USER"));
        String port = blankToNull(env.get("QUIRE_SMTP_PORT"));
        String from = blankToNull(env.get("QUIRE_SMTP_FROM"));
        return new SmtpNoticeSender(host, port == null ? (user == null ? 25 : 587) : Integer.parseInt(port), user,
                env.get("QUIRE_SMTP_PASSWORD"), from == null ? "quire@" + host : from);
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s;
    }
}
