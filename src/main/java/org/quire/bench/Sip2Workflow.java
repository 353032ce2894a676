package org.quire.bench;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;

import java.io.IOException;
import java.nio.charset.Charset;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A self-check terminal of {@code quire bench sip2}: one TCP connection, logged in (93) once, then check-out (11) of
 * an available item to a random patron and check-in (09) of the same item, again and again. Each terminal takes its
 * items from the tenant's pool of available items and gives them back after the check-in, so no two terminals work
 * on one item; when the pool has none (the HTTP phases leave more items checked out than they found), it checks in
 * one that is checked out instead. Every response's command, sequence number and checksum are verified
 * ({@link Sip2Client}); a response with ok = 0 is a KO whose screen message (AF) is kept for the report's notes.
 */
final class Sip2Workflow {
    static final String CHECK_OUT = "SIP2 11 check-out";
    static final String CHECK_IN = "SIP2 09 check-in";
    static final String LOGIN = "SIP2 93 login";
    /** The kiosk's account: a staff user with the permissions README's "SIP2" section lists for a login. */
    static final String ACCOUNT = "bench_sip2";
    static final String[] ACCOUNT_PERMISSIONS = {"circulation.check-out-by-barcode.post",
            "circulation.check-in-by-barcode.post", "circulation.renew-by-barcode.post", "users.collection.get",
            "inventory.items.collection.get", "accounts.pay.post"};

    /** Where the terminals connect and as whom. */
    record Endpoint(String host, int port, Charset charset, String username, String password) {
    }

    private final Endpoint endpoint;
    /** Measured responses whose command, AY and AZ were right, and those where one of them was wrong. */
    private final AtomicLong verified = new AtomicLong(), badResponses = new AtomicLong();

    Sip2Workflow(Endpoint endpoint) {
        this.endpoint = endpoint;
    }

    long verifiedResponses() {
        return verified.get();
    }

    long badResponses() {
        return badResponses.get();
    }

    /**
     * Makes the tenant's SIP2 account through the public API (users, credentials, permissions), as a library does for
     * a kiosk, and answers where to log in: {@code tenant/bench_sip2}.
     */
    static Endpoint createAccount(TenantData t, String host, int port, Charset charset)
            throws IOException, InterruptedException {
        String id = UUID.randomUUID().toString(), password = UUID.randomUUID().toString();
        ObjectNode user = Json.object().put("id", id).put("username", ACCOUNT).put("active", true).put("type", "staff")
                .put("patronGroup", DataSetup.UNDERGRAD);
        user.putObject("personal").put("lastName", "Self-check kiosk").put("firstName", "Bench");
        t.session().postOk("/users", user);
        t.session().postOk("/authn/credentials", Json.object().put("userId", id).put("password", password));
        var perms = Json.array();
        for (String p : ACCOUNT_PERMISSIONS) perms.add(p);
        t.session().postOk("/perms/users", Json.object().put("id", UUID.randomUUID().toString()).put("userId", id)
                .set("permissions", perms));
        return new Endpoint(host, port, charset, t.tenant() + "/" + ACCOUNT, password);
    }

    /** One terminal: connects and logs in on its first iteration (during the ramp-up), again after a lost connection. */
    LoadRunner.Iteration terminal(Measurements m, TenantData t) {
        return new LoadRunner.Iteration() {
            private Sip2Client client;

            @Override
            public void run() throws Exception {
                if (client == null) client = connect(m, t);
                if (client == null) {
                    Thread.sleep(1000);
                    return;
                }
                // A pair: check out an available item, then check it in. The HTTP phases check out 57% of the time and
                // so drain the available items into checked-out ones: with none available, check one in (it is
                // available again for the next pair) rather than wait for nothing.
                String available = t.quire().available().poll();
                String item = available != null ? available : t.quire().checkedOut().poll();
                if (item == null) {
                    Thread.sleep(50);
                    return;
                }
                try {
                    boolean out = available == null || call(m, CHECK_OUT,
                            () -> client.checkOut(t.tenant(), t.randomPatron().barcode(), item), item);
                    // A refused check-out leaves the item's state unknown: it leaves the pool (TenantData.Pool.done).
                    boolean in = out && call(m, CHECK_IN, () -> client.checkIn(t.tenant(), t.servicePointId(), item),
                            item);
                    t.quire().done(new TenantData.Taken(item, false), out && in);
                } catch (IOException e) {
                    // The item's state is unknown: it stays out of the pool, as after any failure.
                    client.close();
                    client = null;
                }
            }
        };
    }

    private Sip2Client connect(Measurements m, TenantData t) throws InterruptedException {
        long start = System.nanoTime();
        Sip2Client c = null;
        try {
            c = new Sip2Client(endpoint.host(), endpoint.port(), endpoint.charset());
            boolean ok = c.login(endpoint.username(), endpoint.password(), t.servicePointId());
            if (m.measuring()) verified.incrementAndGet();
            m.record(LOGIN, start, System.nanoTime(), ok);
            if (!ok) {
                m.error(LOGIN, "940: the server refused the login of " + endpoint.username());
                c.close();
                return null;
            }
            return c;
        } catch (IOException e) {
            m.record(LOGIN, start, System.nanoTime(), false);
            m.error(LOGIN, e.getMessage());
            if (e instanceof Sip2Client.BadResponse && m.measuring()) badResponses.incrementAndGet();
            try {
                if (c != null) c.close();
            } catch (IOException ignored) {
                // closing anyway
            }
            return null;
        }
    }

    @FunctionalInterface
    private interface Message {
        Sip2Client.Reply send() throws IOException;
    }

    /**
     * Times one message; true when it was answered ok = 1 for this item. A bad response (wrong command, AY or AZ)
     * or a lost connection is recorded as a KO and rethrown, so the terminal reconnects.
     */
    private boolean call(Measurements m, String label, Message message, String item) throws IOException {
        long start = System.nanoTime();
        Sip2Client.Reply r;
        try {
            r = message.send();
        } catch (IOException e) {
            m.record(label, start, System.nanoTime(), false);
            m.error(label, e.getMessage());
            if (e instanceof Sip2Client.BadResponse && m.measuring()) badResponses.incrementAndGet();
            throw e;
        }
        long end = System.nanoTime();
        if (m.measuring()) verified.incrementAndGet();
        boolean ok = r.ok() && item.equals(r.field("AB"));
        m.record(label, start, end, ok);
        if (!ok) m.error(label, (r.ok() ? "answered for item " + r.field("AB") : "ok=0, screen message: "
                + r.field("AF")) + " (item " + item + ")");
        return ok;
    }
}
