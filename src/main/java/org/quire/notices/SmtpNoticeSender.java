package org.quire.notices;

import jakarta.mail.Authenticator;
import jakarta.mail.Message;
import jakarta.mail.MessagingException;
import jakarta.mail.PasswordAuthentication;
import jakarta.mail.Session;
import jakarta.mail.Transport;
import jakarta.mail.internet.AddressException;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeMessage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.util.Date;
import java.util.Properties;

/**
 * Sends each notice as one e-mail through an SMTP server (Jakarta Mail): STARTTLS when the server offers it,
 * implicit TLS on port 465, AUTH when a user is configured. A recipient without an e-mail address is logged and
 * skipped, as one with an invalid address (there is nothing to retry); a server that fails throws, and the notice is retried later.
 */
public final class SmtpNoticeSender implements NoticeSender {
    private static final Logger log = LoggerFactory.getLogger(SmtpNoticeSender.class);
    private final Session session;
    private final String from;

    public SmtpNoticeSender(String host, int port, String user, String password, String from) {
        boolean ssl = port == 465;
        String p = ssl ? "mail.smtps." : "mail.smtp.";
        Properties props = new Properties();
        props.put("mail.transport.protocol", ssl ? "smtps" : "smtp");
        props.put(p + "host", host);
        props.put(p + "port", String.valueOf(port));
        props.put(p + "connectiontimeout", "10000");
        props.put(p + "timeout", "30000");
        props.put(p + "writetimeout", "30000");
        if (!ssl) props.put("mail.smtp.starttls.enable", "true");
        Authenticator auth = null;
        if (user != null) {
            props.put(p + "auth", "true");
            auth = new Authenticator() {
                @Override
                protected PasswordAuthentication getPasswordAuthentication() {
                    return new PasswordAuthentication(user, password == null ? "" : password);
                }
            };
        }
        this.session = Session.getInstance(props, auth);
        this.from = from;
    }

    @Override
    public void send(Notice n) throws IOException {
        if (n.email() == null || n.email().isBlank()) {
            log.warn("Notice \"{}\" ({}) not sent: user {} has no e-mail address", n.subject(), n.triggeringEvent(),
                    n.recipientUserId());
            return;
        }
        InternetAddress[] to;
        try {
            to = InternetAddress.parse(n.email(), true);
        } catch (AddressException e) {
            log.warn("Notice \"{}\" ({}) not sent: user {} has an invalid e-mail address: {}", n.subject(),
                    n.triggeringEvent(), n.recipientUserId(), e.getMessage());
            return;
        }
        try {
            MimeMessage m = new MimeMessage(session);
            m.setFrom(new InternetAddress(from));
            m.setRecipients(Message.RecipientType.TO, to);
            m.setSubject(n.subject(), "UTF-8");
            m.setText(n.body(), "UTF-8", "text/plain".equals(n.outputFormat()) ? "plain" : "html");
            m.setSentDate(Date.from(n.time()));
            Transport.send(m);
            log.info("Notice \"{}\" ({}) mailed to user {}", n.subject(), n.triggeringEvent(), n.recipientUserId());
        } catch (MessagingException e) {
            throw new IOException("SMTP: " + e.getMessage(), e);
        }
    }
}
