package org.quire.notices;

import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The SMTP sender against a tiny SMTP server on a real loopback socket (no mock): envelope, AUTH, headers, body. */
class SmtpNoticeSenderTest {

    /** Speaks just enough SMTP (EHLO with AUTH PLAIN, MAIL, RCPT, DATA, QUIT) and records what it was told. */
    static final class TinySmtp implements AutoCloseable {
        final ServerSocket socket = new ServerSocket(0, 10, InetAddress.getLoopbackAddress());
        final List<String> commands = new CopyOnWriteArrayList<>();
        final List<String> messages = new CopyOnWriteArrayList<>();
        final Thread thread = Thread.ofVirtual().start(this::serve);
        volatile String reject;

        TinySmtp() throws IOException {
        }

        int port() {
            return socket.getLocalPort();
        }

        private void serve() {
            while (!socket.isClosed()) {
                try (Socket s = socket.accept()) {
                    session(s);
                } catch (IOException e) {
                    return;
                }
            }
        }

        private void session(Socket s) throws IOException {
            s.setSoTimeout(10_000);
            BufferedReader in = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.US_ASCII));
            OutputStream out = s.getOutputStream();
            reply(out, "220 tiny ESMTP");
            String line;
            while ((line = in.readLine()) != null) {
                commands.add(line);
                String verb = line.length() >= 4 ? line.substring(0, 4).toUpperCase() : line.toUpperCase();
                switch (verb) {
                    case "EHLO" -> reply(out, "250-tiny\r\n250-AUTH PLAIN\r\n250 8BITMIME");
                    case "AUTH" -> reply(out, "235 2.7.0 Authentication successful");
                    case "MAIL" -> reply(out, reject != null ? reject : "250 OK");
                    case "RCPT" -> reply(out, "250 OK");
                    case "DATA" -> {
                        reply(out, "354 End data with <CR><LF>.<CR><LF>");
                        StringBuilder m = new StringBuilder();
                        String l;
                        while ((l = in.readLine()) != null && !l.equals(".")) m.append(l).append('\n');
                        messages.add(m.toString());
                        reply(out, "250 OK queued");
                    }
                    case "QUIT" -> {
                        reply(out, "221 Bye");
                        return;
                    }
                    default -> reply(out, "250 OK");
                }
            }
        }

        private static void reply(OutputStream out, String text) throws IOException {
            out.write((text + "\r\n").getBytes(StandardCharsets.US_ASCII));
            out.flush();
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }

    static NoticeSender.Notice notice(String email) {
        return new NoticeSender.Notice("diku", UUID.randomUUID(), email, UUID.randomUUID().toString(), "text/html",
                "Your loan is due — Überfällig", "<p>Dear Ada, <b>Moby Dick</b> is due.</p>", "Due date", Instant.now());
    }

    @Test
    void deliversTheNotice_withAuth_toTheListener() throws Exception {
        try (TinySmtp smtp = new TinySmtp()) {
            NoticeSender sender = NoticeSender.fromEnvironment(java.util.Map.of("QUIRE_SMTP_HOST", "127.0.0.1",
                    "QUIRE_SMTP_PORT", String.valueOf(smtp.port()), "QUIRE_SMTP_USER", "library",
                    "QUIRE_SMTP_PASSWORD", "s3cret", "QUIRE_SMTP_FROM", "circulation@library.example"),
                    java.nio.file.Path.of("unused"));
            assertThat(sender).isInstanceOf(SmtpNoticeSender.class);
            sender.send(notice("ada@example.org"));

            assertThat(smtp.commands).anyMatch(c -> c.equals("MAIL FROM:<circulation@library.example>"))
                    .anyMatch(c -> c.equals("RCPT TO:<ada@example.org>"));
            String auth = smtp.commands.stream().filter(c -> c.startsWith("AUTH PLAIN")).findFirst().orElseThrow();
            String credentials = new String(Base64.getDecoder().decode(auth.substring("AUTH PLAIN ".length()).trim()),
                    StandardCharsets.UTF_8);
            // [authzid] NUL authcid NUL password (RFC 4616); Jakarta Mail repeats the user as authzid.
            assertThat(credentials).endsWith("\0library\0s3cret");

            assertThat(smtp.messages).hasSize(1);
            String message = smtp.messages.getFirst();
            assertThat(message).contains("To: ada@example.org").contains("From: circulation@library.example")
                    .contains("Content-Type: text/html; charset=UTF-8");
            // The subject is RFC 2047-encoded (it is not ASCII); decode it as a mail client would.
            String subject = new ArrayList<>(message.lines().toList()).stream().filter(l -> l.startsWith("Subject: "))
                    .findFirst().orElseThrow().substring("Subject: ".length());
            assertThat(jakarta.mail.internet.MimeUtility.decodeText(subject)).isEqualTo("Your loan is due — Überfällig");
            assertThat(decodedBody(message)).isEqualTo("<p>Dear Ada, <b>Moby Dick</b> is due.</p>");
        }
    }

    @Test
    void aRecipientWithoutAddressIsSkipped_aRefusingServerThrows() throws Exception {
        try (TinySmtp smtp = new TinySmtp()) {
            NoticeSender sender = new SmtpNoticeSender("127.0.0.1", smtp.port(), null, null, "quire@localhost");
            sender.send(notice(null));
            sender.send(notice("not an address"));
            assertThat(smtp.messages).isEmpty();

            smtp.reject = "550 5.7.1 Relaying denied";
            assertThatThrownBy(() -> sender.send(notice("ada@example.org"))).isInstanceOf(IOException.class)
                    .hasMessageContaining("550");
            assertThat(smtp.messages).isEmpty();
        }
    }

    /** The body after the blank line, decoded from the transfer encoding Jakarta Mail chose. */
    private static String decodedBody(String message) throws Exception {
        int blank = message.indexOf("\n\n");
        String headers = message.substring(0, blank), body = message.substring(blank + 2);
        var decoded = jakarta.mail.internet.MimeUtility.decode(new java.io.ByteArrayInputStream(
                body.getBytes(StandardCharsets.US_ASCII)), headers.contains("quoted-printable") ? "quoted-printable"
                : headers.contains("base64") ? "base64" : "7bit");
        return new String(decoded.readAllBytes(), StandardCharsets.UTF_8).strip();
    }
}
