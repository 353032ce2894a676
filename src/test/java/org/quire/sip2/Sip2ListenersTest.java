package org.quire.sip2;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.quire.Fixtures;
import org.quire.TestServer;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * SIP2 listeners besides the shared one: a tenant's own port (edge-sip2 picks a tenant by port), and TLS with a
 * PKCS#12 key store (edge-sip2's TLS option), with a real client over each.
 */
class Sip2ListenersTest {
    static final String TENANT = "sip2l";
    static final String PASSWORD = "changeit";
    @TempDir
    static Path dir;
    static Path keystore;

    @BeforeAll
    static void setUp() throws Exception {
        Fixtures.tenant(TENANT);
        keystore = dir.resolve("sip2.p12");
        // a self-signed certificate for localhost, as a systems librarian makes one with the JDK's keytool
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
                "-genkeypair", "-alias", "sip2", "-keyalg", "EC", "-groupname", "secp256r1", "-dname", "CN=localhost",
                "-validity", "2", "-storetype", "PKCS12", "-keystore", keystore.toString(), "-storepass", PASSWORD,
                "-keypass", PASSWORD).redirectErrorStream(true).start();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(new String(p.getInputStream().readAllBytes())).isZero();
    }

    /** Writes one message and reads the response up to its carriage return. */
    static String send(Socket socket, String message) throws IOException {
        socket.getOutputStream().write((message + "\r").getBytes(Sip2ServerTest.IBM850));
        socket.getOutputStream().flush();
        InputStream in = socket.getInputStream();
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        int c;
        while ((c = in.read()) != '\r') {
            if (c < 0) throw new IOException("connection closed after " + b);
            b.write(c);
        }
        return b.toString(Sip2ServerTest.IBM850);
    }

    static String login(String cn, String password) {
        return "9300CN" + cn + "|CO" + password + "|CP" + Fixtures.CIRC_DESK_1 + "|";
    }

    static Socket plain(int port) throws IOException {
        Socket s = new Socket("localhost", port);
        s.setSoTimeout(20_000);
        return s;
    }

    /** A TLS client that trusts the test's certificate (and nothing else). */
    static Socket tls(int port) throws Exception {
        KeyStore server = KeyStore.getInstance("PKCS12");
        try (InputStream in = java.nio.file.Files.newInputStream(keystore)) {
            server.load(in, PASSWORD.toCharArray());
        }
        KeyStore trusted = KeyStore.getInstance("PKCS12");
        trusted.load(null, null);
        trusted.setCertificateEntry("sip2", server.getCertificate("sip2"));
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(trusted);
        SSLContext ctx = SSLContext.getInstance("TLS");
        ctx.init(null, tmf.getTrustManagers(), null);
        Socket s = ctx.getSocketFactory().createSocket("localhost", port);
        s.setSoTimeout(20_000);
        return s;
    }

    @Test
    void aTenantsOwnPortLogsInToThatTenantOnly() throws IOException {
        int port = TestServer.get().startSip2Listener(0, TENANT, null);
        try (Socket s = plain(port)) {
            assertThat(send(s, login(TENANT + "_admin", "pw"))).as("a plain username: the port's tenant")
                    .isEqualTo("941");
            assertThat(send(s, login(TENANT + "/" + TENANT + "_admin", "pw"))).isEqualTo("941");
            assertThat(send(s, login("diku/diku_admin", "admin"))).as("another tenant's account on this port")
                    .isEqualTo("940");
            assertThat(send(s, login(TENANT + "_admin", "wrong"))).isEqualTo("940");
        }
        // the shared listener still takes any tenant's account
        try (Socket s = plain(TestServer.get().startSip2(0))) {
            assertThat(send(s, login("diku/diku_admin", "admin"))).isEqualTo("941");
        }
    }

    @Test
    void aTlsListenerServesTerminalsOverTlsAndSurvivesAPlainOne() throws Exception {
        int port = TestServer.get().startSip2Listener(0, null, Sip2Server.tls(keystore, PASSWORD));
        try (Socket s = tls(port)) {
            assertThat(send(s, login(TENANT + "/" + TENANT + "_admin", "pw"))).isEqualTo("941");
            assertThat(send(s, "9900302.00")).startsWith("98");
        }
        // a terminal speaking plain TCP to the TLS port gets no SIP2 answer; the listener goes on
        try (Socket s = plain(port)) {
            assertThatThrownBy(() -> send(s, login(TENANT + "/" + TENANT + "_admin", "pw")))
                    .isInstanceOf(IOException.class);
        }
        try (Socket s = tls(port)) {
            assertThat(send(s, login(TENANT + "/" + TENANT + "_admin", "pw"))).isEqualTo("941");
        }
        // and a TLS terminal on a plain port fails its handshake, not the listener
        int plainPort = TestServer.get().startSip2(0);
        try (Socket s = tls(plainPort)) {
            s.setSoTimeout(3_000); // a handshake without a carriage return in it waits for one
            assertThatThrownBy(() -> send(s, "9900302.00")).isInstanceOf(IOException.class);
        }
        try (Socket s = plain(plainPort)) {
            assertThat(send(s, "9900302.00")).startsWith("98");
        }
    }

    @Test
    void aKeyStoreThatCannotBeReadIsAnErrorNamingIt() {
        assertThatThrownBy(() -> Sip2Server.tls(keystore, "wrong"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("QUIRE_SIP2_TLS_KEYSTORE").hasMessageContaining(keystore.toString());
        Path missing = dir.resolve("missing.p12");
        assertThatThrownBy(() -> Sip2Server.tls(missing, PASSWORD))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(missing.toString());
    }
}
