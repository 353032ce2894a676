package org.quire.bench;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.Charset;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * One self-check terminal of {@code quire bench sip2}: a TCP connection speaking SIP2 2.00 with error detection, as
 * a 3M/Bibliotheca kiosk does — every request carries a sequence number (AY, 0–9 in turn) and a checksum (AZ), and
 * every response is verified: its command is the request's answer, it carries the same AY, and its AZ is the
 * negated byte sum of everything before it (SIP2 2.00 specification, "Error detection"; edge-sip2's
 * MainVerticle.formatResponse writes it the same way). Written independently of Quire's org.quire.sip2 so that the
 * bench checks the server rather than agreeing with it. TCP_NODELAY: a request is one write, never held back by
 * Nagle's algorithm waiting for the previous response's ACK.
 */
final class Sip2Client implements AutoCloseable {
    /** The SIP2 date: local time, the four time-zone characters blank (the tenant's zone, UTC here). */
    static final DateTimeFormatter SIP_DATE = DateTimeFormatter.ofPattern("yyyyMMdd    HHmmss").withZone(ZoneOffset.UTC);

    private final Socket socket;
    private final OutputStream out;
    private final InputStream in;
    private final Charset charset;
    private int sequence;

    /** A response that is not what the request must get: its text and why. */
    static final class BadResponse extends IOException {
        BadResponse(String why, String response) {
            super(why + ": " + abbreviate(response));
        }
    }

    /** A verified response: its text without the AY/AZ trailer, and whether its ok flag (third character) is 1. */
    record Reply(String body) {
        boolean ok() {
            return body.length() > 2 && body.charAt(2) == '1';
        }

        /** The first value of a variable field; null when absent. The fixed part of 12 and 10 is 24 characters. */
        String field(String id) {
            for (String part : body.substring(Math.min(body.length(), 24)).split("\\|")) {
                if (part.startsWith(id)) return part.substring(2);
            }
            return null;
        }
    }

    Sip2Client(String host, int port, Charset charset) throws IOException {
        this.charset = charset;
        this.socket = new Socket();
        socket.setTcpNoDelay(true);
        socket.connect(new InetSocketAddress(host, port), 10_000);
        socket.setSoTimeout(120_000);
        this.out = socket.getOutputStream();
        this.in = new BufferedInputStream(socket.getInputStream(), 1024);
    }

    /** 93 → 94: true when the server answered 941. {@code username} may be {@code tenant/username}. */
    boolean login(String username, String password, String servicePointId) throws IOException {
        Reply r = send("9300CN" + username + "|CO" + password + "|CP" + servicePointId + "|", "94");
        return r.body().equals("941");
    }

    /** 11 → 12: renewal policy Y, no block N, the transaction date, no due date. */
    Reply checkOut(String institution, String patronBarcode, String itemBarcode) throws IOException {
        return send("11YN" + SIP_DATE.format(Instant.now()) + " ".repeat(18) + "AO" + institution + "|AA"
                + patronBarcode + "|AB" + itemBarcode + "|AC|", "12");
    }

    /** 09 → 10: no block N, the transaction date, the return date (now), the item. */
    Reply checkIn(String institution, String location, String itemBarcode) throws IOException {
        String now = SIP_DATE.format(Instant.now());
        return send("09N" + now + now + "AP" + location + "|AO" + institution + "|AB" + itemBarcode + "|AC|", "10");
    }

    /** Sends one request with AY and AZ and reads its response up to the carriage return, verified. */
    Reply send(String body, String expectedCommand) throws IOException {
        int seq = sequence;
        sequence = (sequence + 1) % 10;
        String head = body + "AY" + seq + "AZ";
        byte[] headBytes = head.getBytes(charset);
        byte[] checksum = checksum(headBytes, headBytes.length).getBytes(charset);
        byte[] message = new byte[headBytes.length + 5];
        System.arraycopy(headBytes, 0, message, 0, headBytes.length);
        System.arraycopy(checksum, 0, message, headBytes.length, 4);
        message[message.length - 1] = '\r';
        out.write(message);
        out.flush();
        return verify(readResponse(), charset, expectedCommand, seq);
    }

    private byte[] readResponse() throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream(256);
        int c;
        while ((c = in.read()) != '\r') {
            if (c < 0) throw new IOException("connection closed by the server after " + abbreviate(b.toString(charset)));
            b.write(c);
        }
        return b.toByteArray();
    }

    /** The response's command, sequence number and checksum must all be right; the trailer is cut off. */
    static Reply verify(byte[] raw, Charset charset, String expectedCommand, int seq) throws BadResponse {
        String text = new String(raw, charset);
        if (raw.length < 9 || !text.substring(text.length() - 6, text.length() - 4).equals("AZ")) {
            throw new BadResponse("no checksum (AZ) at the end", text);
        }
        String sent = text.substring(text.length() - 4);
        String computed = checksum(raw, raw.length - 4);
        if (!sent.equalsIgnoreCase(computed)) throw new BadResponse("checksum " + sent + " is wrong (" + computed + ")", text);
        String trailer = "AY" + seq + "AZ";
        if (!text.regionMatches(text.length() - 4 - trailer.length(), trailer, 0, trailer.length())) {
            throw new BadResponse("sequence number is not AY" + seq, text);
        }
        if (!text.startsWith(expectedCommand)) throw new BadResponse("expected a " + expectedCommand + " response", text);
        return new Reply(text.substring(0, text.length() - 4 - trailer.length()));
    }

    /** The negated sum of the bytes, four upper-case hexadecimal digits. */
    static String checksum(byte[] bytes, int length) {
        int sum = 0;
        for (int i = 0; i < length; i++) sum += bytes[i] & 0xff;
        return String.format("%04X", -sum & 0xffff);
    }

    private static String abbreviate(String s) {
        return s.length() > 200 ? s.substring(0, 200) + "…" : s;
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
