package org.quire.sip2;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.quire.Api;
import org.quire.Fixtures;
import org.quire.TestServer;
import org.quire.platform.Json;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.Charset;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The SIP2 server with a real TCP client against the test server: every message type round-trips with edge-sip2's
 * fixed fields, check-out/check-in/renew change the loan seen over HTTP, fee paid reduces an account, and malformed
 * input is answered in protocol on a connection that survives.
 */
class Sip2ServerTest {
    static final String TENANT = "sip2t";
    static final Charset IBM850 = Charset.forName("IBM850");
    static final String DATE = "20250102    101500";
    static Api.Session admin;
    static int port;
    static String patronBarcode;
    static String patronId;

    @BeforeAll
    static void setUp() {
        admin = Fixtures.tenant(TENANT);
        port = TestServer.get().startSip2(0);
        ObjectNode patron = Fixtures.patron(admin, "sip2-p1", Fixtures.UNDERGRAD, true);
        patronBarcode = patron.path("barcode").asText();
        patronId = patron.path("id").asText();
        Api.Reply pw = admin.post("/authn/credentials", Json.object().put("userId", patronId).put("password", "1234"));
        assertThat(pw.status()).as(pw.body()).isEqualTo(201);
    }

    /** One terminal: writes a message with its carriage return and reads one response up to its carriage return. */
    static final class Terminal implements AutoCloseable {
        final Socket socket;
        final InputStream in;

        Terminal() throws IOException {
            socket = new Socket("localhost", port);
            socket.setSoTimeout(20_000);
            in = socket.getInputStream();
        }

        String send(String message) throws IOException {
            return sendBytes(message.getBytes(IBM850));
        }

        String sendBytes(byte[] message) throws IOException {
            socket.getOutputStream().write(message);
            socket.getOutputStream().write('\r');
            socket.getOutputStream().flush();
            return read();
        }

        String read() throws IOException {
            ByteArrayOutputStream b = new ByteArrayOutputStream();
            int c;
            while ((c = in.read()) != '\r') {
                if (c < 0) throw new IOException("connection closed after " + b);
                b.write(c);
            }
            return b.toString(IBM850);
        }

        String login() throws IOException {
            return send("9300CN" + TENANT + "/" + TENANT + "_admin|COpw|CP" + Fixtures.CIRC_DESK_1 + "|");
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }

    /** The SIP2 checksum, computed here independently of the server's: the negated byte sum, 4 hex digits. */
    static String withChecksum(String messageUpToAz) {
        int sum = 0;
        for (byte b : messageUpToAz.getBytes(IBM850)) sum += b & 0xff;
        return messageUpToAz + String.format("%04X", -sum & 0xffff);
    }

    static boolean checksumValid(String response) {
        return response.equals(withChecksum(response.substring(0, response.length() - 4)));
    }

    /** A variable field's value; the first field follows the fixed part, which ends with the transaction date. */
    static String field(String response, String id) {
        String[] parts = response.split("\\|");
        parts[0] = parts[0].replaceFirst("^.*?\\d{8} {4}\\d{6}(2\\.00)?", "");
        for (String part : parts) {
            if (part.startsWith(id)) return part.substring(2);
        }
        return null;
    }

    static String item(String barcode) {
        Fixtures.item(admin, barcode, Fixtures.BOOK, Fixtures.CAN_CIRCULATE, Fixtures.MAIN_LIBRARY);
        return barcode;
    }

    static JsonNode openLoan(String itemBarcode) {
        String itemId = admin.get("/item-storage/items", "barcode==\"" + itemBarcode + "\"").json().path("items").get(0)
                .path("id").asText();
        JsonNode loans = admin.get("/circulation/loans", "itemId==" + itemId + " and status.name==Open").json();
        return loans.path("totalRecords").asInt() == 0 ? null : loans.path("loans").get(0);
    }

    @Test
    void login_scStatus_andTheFixedFieldsOf98() throws IOException {
        try (Terminal t = new Terminal()) {
            assertThat(t.send("9300CN" + TENANT + "/" + TENANT + "_admin|COwrong|")).isEqualTo("940");
            assertThat(t.send("9300CNnobody/x|COpw|")).as("unknown tenant").isEqualTo("940");
            assertThat(t.send("9300CN" + TENANT + "/" + TENANT + "_admin|COpw|CPnot-a-uuid|")).isEqualTo("940");
            assertThat(t.login()).isEqualTo("941");
            long busy = org.quire.platform.RequestLoad.busyNanos();
            String status = t.send("9900302.00");
            assertThat(org.quire.platform.RequestLoad.busyNanos()).as("a SIP2 message counts as a request")
                    .isGreaterThan(busy);
            // 98: online, checkin ok, checkout ok, renewal policy, status update ok, offline ok, timeout, retries,
            // date/time sync (yyyyMMdd    HHmmss), protocol version, then AO, AM, BX (16 Y/N in edge-sip2's order), AN
            assertThat(status).matches("98YYYYNN000003\\d{8} {4}\\d{6}2\\.00AO" + TENANT + "\\|AM\\|BX[YN]{16}\\|AN\\|");
            assertThat(field(status, "BX")).isEqualTo("YYYNYYYYYYYNNNYY");
        }
    }

    @Test
    void acsTenantConfig_fromSettingsEntries_changesTheSupportedMessagesAndKiosk() throws IOException {
        ObjectNode tenantCfg = Json.object().put("statusUpdateOk", true).put("offlineOk", false)
                .put("patronPasswordVerificationRequired", true);
        tenantCfg.putArray("supportedMessages").add(Json.object().put("messageName", "CHECKOUT").put("isSupported", "Y"))
                .add(Json.object().put("messageName", "RENEW").put("isSupported", "N"));
        Api.Reply r = admin.post("/settings/entries", Json.object().put("id", UUID.randomUUID().toString())
                .put("scope", "edge-sip2.config.manage").put("key", "acsTenantConfig").set("value", tenantCfg));
        assertThat(r.status()).as(r.body()).isEqualTo(204);
        ObjectNode kiosk = Json.object().put("timeoutPeriod", 5).put("retriesAllowed", 2).put("checkinOk", true)
                .put("checkoutOk", true).put("acsRenewalPolicy", false).put("libraryName", "Main Library")
                .put("terminalLocation", "Entrance");
        r = admin.post("/settings/entries", Json.object().put("id", UUID.randomUUID().toString())
                .put("scope", "edge-sip2.config.manage").put("key", "selfCheckoutConfig.c4c90014-c8c9-4ade-8f24-b5e313319f4b")
                .set("value", kiosk));
        assertThat(r.status()).as(r.body()).isEqualTo(204);
        try (Terminal t = new Terminal()) {
            assertThat(t.send("9300CN" + TENANT + "/" + TENANT + "_admin|COpw|CPc4c90014-c8c9-4ade-8f24-b5e313319f4b|"))
                    .isEqualTo("941");
            String status = t.send("9900302.00");
            assertThat(status).startsWith("98YYYNYN005002");
            assertThat(field(status, "AM")).isEqualTo("Main Library");
            assertThat(field(status, "AN")).isEqualTo("Entrance");
            assertThat(field(status, "BX")).isEqualTo("NYNNNNNNNNNNNNNN");
            // acsRenewalPolicy false: renew is answered no, with the reason
            String renew = t.send("29NN" + DATE + DATE + "AO" + TENANT + "|AA" + patronBarcode + "|ABnone|");
            assertThat(renew).startsWith("300NUU");
            assertThat(field(renew, "AF")).isEqualTo("Renewals are not allowed at this kiosk");
            // patronPasswordVerificationRequired: AD is checked as a login of the patron (CQ), mod-login's message
            assertThat(field(t.send("23001" + DATE + "AO" + TENANT + "|AA" + patronBarcode + "|AD1234|"), "CQ"))
                    .isEqualTo("Y");
            assertThat(field(t.send("23001" + DATE + "AO" + TENANT + "|AA" + patronBarcode + "|AD999|"), "CQ"))
                    .isEqualTo("N");
            String wrongPin = t.send("11YN" + DATE + DATE + "AO" + TENANT + "|AA" + patronBarcode + "|ABx|AD999|");
            assertThat(wrongPin).startsWith("120NUN");
            assertThat(field(wrongPin, "AF")).isEqualTo("Password does not match");
        } finally {
            for (JsonNode e : admin.get("/settings/entries", "scope==\"edge-sip2.config.manage\"").json().path("items"))
                admin.delete("/settings/entries/" + e.path("id").asText());
        }
    }

    @Test
    void usePinForPatronVerification_checksThePatronsPin_notTheirPassword() throws IOException {
        ObjectNode tenantCfg = Json.object().put("patronPasswordVerificationRequired", true)
                .put("usePinForPatronVerification", true);
        Api.Reply r = admin.post("/settings/entries", Json.object().put("id", UUID.randomUUID().toString())
                .put("scope", "edge-sip2.config.manage").put("key", "acsTenantConfig").set("value", tenantCfg));
        assertThat(r.status()).as(r.body()).isEqualTo(204);
        try (Terminal t = new Terminal()) {
            assertThat(t.login()).isEqualTo("941");
            String patronStatus = "23001" + DATE + "AO" + TENANT + "|AA" + patronBarcode + "|AD";
            assertThat(field(t.send(patronStatus + "8642|"), "CQ")).as("no PIN set").isEqualTo("N");
            assertThat(admin.post("/patron-pin", Json.object().put("id", patronId).put("pin", "8642")).status())
                    .isEqualTo(201);
            assertThat(field(t.send(patronStatus + "8642|"), "CQ")).isEqualTo("Y");
            assertThat(field(t.send(patronStatus + "1234|"), "CQ")).as("the login password is not the PIN")
                    .isEqualTo("N");
            String info = t.send("63001" + DATE + "          AO" + TENANT + "|AA" + patronBarcode + "|AD0000|");
            assertThat(field(info, "CQ")).isEqualTo("N");
            String wrongPin = t.send("11YN" + DATE + DATE + "AO" + TENANT + "|AA" + patronBarcode + "|ABx|AD0000|");
            assertThat(wrongPin).startsWith("120NUN");
            assertThat(field(wrongPin, "AF")).isEqualTo(Sip2Patrons.PIN_NOT_VERIFIED);
        } finally {
            admin.api().send("DELETE", "/patron-pin", Json.write(Json.object().put("id", patronId)), admin.tenant(),
                    admin.token());
            for (JsonNode e : admin.get("/settings/entries", "scope==\"edge-sip2.config.manage\"").json().path("items"))
                admin.delete("/settings/entries/" + e.path("id").asText());
        }
    }

    @Test
    void beforeLogin_messagesGetTheirNegativeResponse_andTheConnectionStays() throws IOException {
        try (Terminal t = new Terminal()) {
            String out = t.send("11YN" + DATE + DATE + "AO" + TENANT + "|AA" + patronBarcode + "|ABx|");
            assertThat(out).startsWith("120NUN");
            assertThat(field(out, "AF")).isEqualTo(Sip2Service.NOT_LOGGED_IN);
            assertThat(t.send("23000" + DATE + "AO" + TENANT + "|AA" + patronBarcode + "|")).startsWith("24YYYYYYYYYYYYYY000");
            assertThat(t.login()).isEqualTo("941");
        }
    }

    @Test
    void checkOut_checkIn_renew_overSip2_changeTheLoanSeenOverHttp() throws IOException {
        String item = item("sip2-i1");
        try (Terminal t = new Terminal()) {
            assertThat(t.login()).isEqualTo("941");
            String out = t.send("11YN" + DATE + "                  AO" + TENANT + "|AA" + patronBarcode + "|AB" + item
                    + "|AC|");
            // ok 1, renewal ok N, magnetic media U, desensitize Y, transaction date
            assertThat(out).matches("121NUY\\d{8} {4}\\d{6}AO" + TENANT + "\\|AA" + patronBarcode + "\\|AB" + item
                    + "\\|AJTitle of " + item + "\\|AH\\d{8} {4}\\d{6}\\|");
            JsonNode loan = openLoan(item);
            assertThat(loan).as("an open loan after the SIP2 check-out").isNotNull();
            assertThat(loan.path("userId").asText()).isEqualTo(patronId);
            assertThat(loan.path("checkoutServicePointId").asText()).isEqualTo(Fixtures.CIRC_DESK_1);
            Instant due = Instant.parse(loan.path("dueDate").asText());
            assertThat(field(out, "AH")).isEqualTo(due.atZone(ZoneOffset.UTC)
                    .format(DateTimeFormatter.ofPattern("yyyyMMdd    HHmmss")));

            // The same check-out again: FOLIO's refusal messages in AF, ok 0, desensitize N
            String again = t.send("11YN" + DATE + DATE + "AO" + TENANT + "|AA" + patronBarcode + "|AB" + item + "|");
            assertThat(again).startsWith("120NUN");
            assertThat(again).contains("|AFItem is already checked out");

            // Item information while on loan: charged (04), the due date
            String info = t.send("17" + DATE + "AO" + TENANT + "|AB" + item + "|");
            assertThat(info).matches("18040001\\d{8} {4}\\d{6}AH\\d{8} {4}\\d{6}\\|AB" + item + "\\|AJTitle of " + item
                    + "\\|BHUSD\\|.*");

            // Renew: new due date, renewal count 1 over HTTP
            String renew = t.send("29NN" + DATE + DATE + "AO" + TENANT + "|AA" + patronBarcode + "|AB" + item + "|");
            assertThat(renew).startsWith("301YUU");
            assertThat(openLoan(item).path("renewalCount").asInt()).isEqualTo(1);
            assertThat(field(renew, "AH")).isNotEmpty();

            // Check in: the loan closes
            String in = t.send("09N" + DATE + DATE + "AP|AO" + TENANT + "|AB" + item + "|AC|");
            assertThat(in).matches("101YUN\\d{8} {4}\\d{6}AO" + TENANT + "\\|AB" + item + "\\|AQMain Library\\|AJTitle of "
                    + item + "\\|");
            assertThat(openLoan(item)).as("no open loan after the SIP2 check-in").isNull();
            assertThat(admin.get("/item-storage/items", "barcode==\"" + item + "\"").json().path("items").get(0)
                    .path("status").path("name").asText()).isEqualTo("Available");

            // Check in an unknown item: FOLIO's message, ok 0
            String unknown = t.send("09N" + DATE + DATE + "AP|AO" + TENANT + "|ABno-such-item|");
            assertThat(unknown).startsWith("100NUN");
            assertThat(field(unknown, "AF")).isEqualTo("No item with barcode no-such-item exists");
            assertThat(field(unknown, "AJ")).isEqualTo("no-such-item");
        }
    }

    @Test
    void checkOut_unknownPatronOrItem_areAnsweredNo() throws IOException {
        try (Terminal t = new Terminal()) {
            t.login();
            String noPatron = t.send("11YN" + DATE + DATE + "AO" + TENANT + "|AAnobody|ABx|");
            assertThat(noPatron).startsWith("120NUN");
            assertThat(field(noPatron, "AF")).isEqualTo(Sip2Patrons.INVALID_PATRON);
            String noItem = t.send("11YN" + DATE + DATE + "AO" + TENANT + "|AA" + patronBarcode + "|ABno-such-item|");
            assertThat(noItem).startsWith("120NUN");
            assertThat(field(noItem, "AF")).isEqualTo("No item with barcode no-such-item could be found");
            String info = t.send("17" + DATE + "AO" + TENANT + "|ABno-such-item|");
            assertThat(info).startsWith("18010001");
            assertThat(field(info, "AF")).isEqualTo("No item with barcode no-such-item exists");
        }
    }

    @Test
    void patronStatus_patronInformation_renewAll_endSession() throws IOException {
        String a = item("sip2-i2"), b = item("sip2-i3");
        String patronBarcode = Fixtures.patron(admin, "sip2-p2", Fixtures.UNDERGRAD, true).path("barcode").asText();
        try (Terminal t = new Terminal()) {
            t.login();
            assertThat(t.send("11YN" + DATE + DATE + "AO" + TENANT + "|AA" + patronBarcode + "|AB" + a + "|")).startsWith("121");
            assertThat(t.send("11YN" + DATE + DATE + "AO" + TENANT + "|AA" + patronBarcode + "|AB" + b + "|")).startsWith("121");

            String status = t.send("23001" + DATE + "AO" + TENANT + "|AA" + patronBarcode + "|AC|AD1234|");
            assertThat(status).matches("24 {14}001\\d{8} {4}\\d{6}AO" + TENANT + "\\|AA" + patronBarcode
                    + "\\|AEsip2-p2 Reader\\|BLY\\|BHUSD\\|BV0\\.00\\|");

            // charged items asked for (summary position 3)
            String info = t.send("63001" + DATE + "  Y       AO" + TENANT + "|AA" + patronBarcode + "|BP1|BQ5|");
            assertThat(info).startsWith("64" + " ".repeat(14) + "001");
            assertThat(info.substring(37, 61)).as("hold, overdue, charged, fine, recall, unavailable counts")
                    .isEqualTo("000000000002000000000000");
            assertThat(info).contains("|AU" + a + "|", "|AU" + b + "|");
            assertThat(field(info, "AE")).isEqualTo("sip2-p2 Reader");

            String unknown = t.send("63001" + DATE + "          AO" + TENANT + "|AAnobody|");
            assertThat(unknown).startsWith("64YYYYYYYYYYYYYY001");
            assertThat(field(unknown, "BL")).isEqualTo("N");
            assertThat(field(unknown, "AF")).isEqualTo(Sip2Patrons.INVALID_PATRON);

            String all = t.send("65" + DATE + "AO" + TENANT + "|AA" + patronBarcode + "|");
            assertThat(all).startsWith("6610002" + "0000");
            assertThat(all).contains("|BM" + a + "|", "|BM" + b + "|");
            assertThat(openLoan(a).path("renewalCount").asInt()).isEqualTo(1);

            String end = t.send("35" + DATE + "AO" + TENANT + "|AA" + patronBarcode + "|");
            assertThat(end).matches("36Y\\d{8} {4}\\d{6}AO" + TENANT + "\\|AA" + patronBarcode + "\\|");

            t.send("09N" + DATE + DATE + "AP|AO" + TENANT + "|AB" + a + "|");
            t.send("09N" + DATE + DATE + "AP|AO" + TENANT + "|AB" + b + "|");
        }
    }

    @Test
    void feePaid_reducesTheAccount_andOverpaymentIsRefused() throws IOException {
        Api.Reply owner = admin.post("/owners", Json.object().put("owner", "SIP2 fines"));
        assertThat(owner.status()).as(owner.body()).isEqualTo(201);
        ObjectNode acct = Json.object().put("amount", 5.00).put("remaining", 5.00).put("userId", patronId)
                .put("ownerId", owner.json().path("id").asText())
                .put("feeFineId", org.quire.feesfines.FeesFinesTypes.OVERDUE_FINE_TYPE.toString())
                .put("feeFineType", "Overdue fine").put("feeFineOwner", "SIP2 fines");
        acct.putObject("status").put("name", "Open");
        acct.putObject("paymentStatus").put("name", "Outstanding");
        Api.Reply created = admin.post("/accounts", acct);
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        String accountId = created.json().path("id").asText();
        try (Terminal t = new Terminal()) {
            t.login();
            String over = t.send("37" + DATE + "0100USDBV9.00|AO" + TENANT + "|AA" + patronBarcode + "|");
            assertThat(over).startsWith("38N");
            assertThat(field(over, "AF")).isEqualTo("Paid amount ($9.00) is more than amount owed ($5.00). "
                    + "Please limit payment to no more than the amount owed.");
            String paid = t.send("37" + DATE + "0100USDBV2.00|AO" + TENANT + "|AA" + patronBarcode + "|CG" + accountId
                    + "|BKtx-1|");
            assertThat(paid).matches("38Y\\d{8} {4}\\d{6}AO" + TENANT + "\\|AA" + patronBarcode + "\\|BKtx-1\\|");
            JsonNode account = admin.get("/accounts/" + accountId).json();
            assertThat(account.path("remaining").decimalValue()).isEqualByComparingTo("3.00");
            assertThat(account.path("paymentStatus").path("name").asText()).isEqualTo("Paid partially");
            String status = t.send("23001" + DATE + "AO" + TENANT + "|AA" + patronBarcode + "|");
            assertThat(field(status, "BV")).isEqualTo("3.00");
            String bad = t.send("37" + DATE + "0100USDBVabc|AO" + TENANT + "|AA" + patronBarcode + "|");
            assertThat(bad).startsWith("38N");
            assertThat(field(bad, "AF")).isEqualTo("Invalid amount: abc");
        }
    }

    @Test
    void errorDetection_sequenceAndChecksum_resend() throws IOException {
        try (Terminal t = new Terminal()) {
            String login = t.send(withChecksum("9300CN" + TENANT + "/" + TENANT + "_admin|COpw|CP" + Fixtures.CIRC_DESK_1
                    + "|AY1AZ"));
            assertThat(login).startsWith("941AY1AZ");
            assertThat(checksumValid(login)).isTrue();

            String status = t.send(withChecksum("9900302.00AY2AZ"));
            assertThat(status).startsWith("98").contains("|AY2AZ");
            assertThat(checksumValid(status)).as(status).isTrue();

            // 97: the last response again, byte for byte
            assertThat(t.send("97")).isEqualTo(status);
            // The same request again (same AY and AZ): the previous response, not a second execution
            assertThat(t.send(withChecksum("9900302.00AY2AZ"))).isEqualTo(status);

            // A wrong checksum: 96 with a checksum and no sequence number (edge-sip2), and the connection survives
            String bad = t.send("9900302.00AY3AZ0000");
            assertThat(bad).startsWith("96AZ");
            assertThat(checksumValid(bad)).isTrue();
            assertThat(t.send(withChecksum("9900302.00AY4AZ"))).startsWith("98").contains("AY4AZ");
        }
    }

    @Test
    void malformedInput_isAnswered96_andTheConnectionSurvives() throws IOException {
        try (Terminal t = new Terminal()) {
            t.login();
            assertThat(t.send("garbage")).isEqualTo("96");
            assertThat(t.send("")).as("an empty line").isEqualTo("96");
            assertThat(t.send("X")).as("one character").isEqualTo("96");
            assertThat(t.send("01N" + DATE + "AO|ALblocked|AA1|")).as("block patron: not served").isEqualTo("96");
            assertThat(t.send("11YN2025")).as("truncated fixed fields").isEqualTo("96");
            assertThat(t.send("11YNnot-a-date-at-all-here-xxxxxxxxxAO|")).as("a bad date").isEqualTo("96");
            assertThat(t.send("23001" + DATE + "AO|AA1|x|")).as("a field without an id").isEqualTo("96");
            assertThat(t.send("9")).isEqualTo("96");
            assertThat(t.send("17" + DATE + "AB" + "x".repeat(100_000) + "|")).as("a very long line").isEqualTo("96");
            // bytes IBM850 reads as characters, UTF-8-invalid: the message is still read and answered
            byte[] odd = ("17" + DATE + "AO" + TENANT + "|AB").getBytes(IBM850);
            byte[] withHigh = java.util.Arrays.copyOf(odd, odd.length + 3);
            withHigh[odd.length] = (byte) 0xff;
            withHigh[odd.length + 1] = (byte) 0xc3;
            withHigh[odd.length + 2] = '|';
            String info = t.sendBytes(withHigh);
            assertThat(info).startsWith("18010001");
            assertThat(t.sendBytes(new byte[]{0, 1, 2, (byte) 0x80})).isEqualTo("96");
            // a NUL anywhere: no field can hold one (it reached the database from a login's CN)
            assertThat(t.send("9300CN" + TENANT + "/" + TENANT + "_ad\0min|COpw|")).as("NUL in CN").isEqualTo("96");
            assertThat(t.send("23001" + DATE + "AO" + TENANT + "|AA1\0|")).as("NUL in AA").isEqualTo("96");
            assertThat(t.send("17" + DATE + "AO" + TENANT + "|AB\0|")).as("NUL in AB").isEqualTo("96");
            // a field value longer than 255 characters is cut in the answer; a '|' never breaks the field structure
            String longItem = "i".repeat(300);
            String answer = t.send("17" + DATE + "AO" + TENANT + "|AB" + longItem + "|");
            assertThat(field(answer, "AB")).hasSize(255);
            // still usable
            assertThat(t.send("9900302.00")).startsWith("98");
        }
    }

    @Test
    void manyTerminalsAtOnce_eachGetsItsOwnSession() throws Exception {
        var pool = java.util.concurrent.Executors.newVirtualThreadPerTaskExecutor();
        try {
            var results = new java.util.ArrayList<java.util.concurrent.Future<String>>();
            for (int i = 0; i < 8; i++) {
                boolean logIn = i % 2 == 0;
                results.add(pool.submit(() -> {
                    try (Terminal t = new Terminal()) {
                        if (logIn) t.login();
                        return t.send("23001" + DATE + "AO" + TENANT + "|AA" + patronBarcode + "|").substring(0, 3);
                    }
                }));
            }
            for (int i = 0; i < results.size(); i++) {
                assertThat(results.get(i).get()).isEqualTo(i % 2 == 0 ? "24 " : "24Y");
            }
        } finally {
            pool.shutdown();
        }
    }
}
