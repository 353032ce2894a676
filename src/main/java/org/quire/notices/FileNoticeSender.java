package org.quire.notices;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The default sender when no mail server is configured: appends each notice as one JSON line to
 * {@code <dir>/<tenant>.jsonl} (a library can hand the file to its own mailer) and logs it.
 */
public final class FileNoticeSender implements NoticeSender {
    private static final Logger log = LoggerFactory.getLogger(FileNoticeSender.class);
    private final Path dir;

    public FileNoticeSender(Path dir) {
        this.dir = dir;
    }

    /** The file a tenant's notices go to. */
    public Path file(String tenant) {
        return dir.resolve(tenant + ".jsonl");
    }

    @Override
    public synchronized void send(Notice n) throws IOException {
        ObjectNode line = Json.object();
        line.put("time", Json.date(n.time()));
        line.put("tenant", n.tenant());
        line.put("recipientUserId", String.valueOf(n.recipientUserId()));
        line.put("email", n.email());
        line.put("templateId", n.templateId());
        line.put("triggeringEvent", n.triggeringEvent());
        line.put("outputFormat", n.outputFormat());
        line.put("subject", n.subject());
        line.put("body", n.body());
        Files.createDirectories(dir);
        Files.writeString(file(n.tenant()), line + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                StandardOpenOption.APPEND, StandardOpenOption.WRITE);
        log.info("Notice \"{}\" ({}) for user {} <{}> written to {}", n.subject(), n.triggeringEvent(),
                n.recipientUserId(), n.email(), file(n.tenant()));
    }
}
