package org.quire.bench;

import com.sun.tools.attach.VirtualMachine;
import jdk.management.jfr.FlightRecorderMXBean;

import javax.management.JMX;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * {@code --profile}: a Java Flight Recorder recording in the bench's server per level, started and stopped around the
 * measured phase only (not the data set-up, the ramp-up or the floor phases). The bench attaches to its child JVM
 * (the JDK's Attach API), starts the JVM's local JMX agent there and drives JFR through its FlightRecorderMXBean, so
 * a recording starts in milliseconds — no jcmd process per level. The recordings use the JDK's "profile" settings
 * (execution samples every 10 ms, allocation samples, GC and lock events).
 */
final class ServerProfiler implements AutoCloseable {
    /**
     * The profiled server's JVM options. A stack depth enough for Helidon's handler chain plus Quire's and the JDBC
     * driver's frames (the default, 64, cuts the callers off). And the classes a JMX call's arguments are made of
     * (ObjectName, open types for the recording options): Helidon sets a JVM-wide deserialization filter that rejects
     * every class not allowed by helidon.serialFilter.pattern (its SerializationConfig, JEP 290), which would refuse
     * every call to the recorder. Only the bench's private server, listening on localhost, gets them.
     */
    static final List<String> SERVER_OPTIONS = List.of("-XX:FlightRecorderOptions:stackdepth=256",
            "-Dhelidon.serialFilter.pattern=" + ServerProfiler.SERIAL_FILTER_PATTERN);

    /**
     * The classes both ends of a local JMX connection deserialize (the server: a call's arguments; the client: the RMI
     * stubs and the results). The bench's own JVM needs them allowed only when Helidon runs in it too (the tests'
     * TestServer: see the surefire configuration, which repeats this text). The server's agent listens on loopback.
     */
    static final String SERIAL_FILTER_PATTERN = "java.lang.*;java.util.*;[Ljava.lang.*;java.lang.reflect.Proxy;"
            + "java.rmi.**;javax.management.ObjectName;javax.management.openmbean.*;javax.management.remote.rmi.*";

    private final JMXConnector connector;
    private final FlightRecorderMXBean jfr;
    private long recording = -1;
    private Path file;

    private ServerProfiler(JMXConnector connector, FlightRecorderMXBean jfr) {
        this.connector = connector;
        this.jfr = jfr;
    }

    /** Attaches to the server process {@code pid} (a JVM of the same user on this machine). */
    static ServerProfiler attach(long pid) throws IOException {
        String address;
        try {
            VirtualMachine vm = VirtualMachine.attach(Long.toString(pid));
            try {
                address = vm.startLocalManagementAgent();
            } finally {
                vm.detach();
            }
        } catch (com.sun.tools.attach.AttachNotSupportedException | IOException e) {
            throw new IOException("--profile: cannot attach to the server (pid " + pid + "): " + describe(e), e);
        }
        JMXConnector connector;
        try {
            connector = JMXConnectorFactory.connect(new JMXServiceURL(address));
        } catch (IOException e) {
            throw new IOException("--profile: cannot connect to the server's JMX agent: " + describe(e), e);
        }
        try {
            MBeanServerConnection mbeans = connector.getMBeanServerConnection();
            FlightRecorderMXBean jfr = JMX.newMXBeanProxy(mbeans,
                    new ObjectName("jdk.management.jfr:type=FlightRecorder"), FlightRecorderMXBean.class);
            return new ServerProfiler(connector, jfr);
        } catch (javax.management.MalformedObjectNameException | RuntimeException e) {
            connector.close();
            throw new IOException("Cannot reach the server's flight recorder: " + e.getMessage(), e);
        }
    }

    /**
     * Creates the next recording, to be written to {@code file} (an absolute path the server can write: the report
     * directory), without starting it: applying the settings takes about 100 ms, which must not fall in the measured
     * phase.
     */
    void prepare(String name, Path file) {
        if (recording >= 0) throw new IllegalStateException("A recording is already prepared");
        long id = jfr.newRecording();
        jfr.setPredefinedConfiguration(id, "profile");
        jfr.setRecordingOptions(id, Map.of("name", name, "destination", file.toAbsolutePath().toString(),
                "disk", "true"));
        this.recording = id;
        this.file = file;
    }

    /** Whether a recording is prepared (or running): false after a failed {@link #prepare}. */
    boolean prepared() {
        return recording >= 0;
    }

    /** Starts the prepared recording (some tens of milliseconds). */
    void start() {
        if (recording < 0) throw new IllegalStateException("No recording is prepared");
        jfr.startRecording(recording);
    }

    /**
     * Stops the running recording; the server writes its file before this returns, and, the recording having a
     * destination, also closes it.
     */
    Path stop() {
        if (recording < 0) throw new IllegalStateException("No recording is running");
        long id = recording;
        recording = -1;
        jfr.stopRecording(id);
        return file;
    }

    /** An error of a remote call, with its cause when JMX wrapped it in an exception that has no message. */
    static String describe(Throwable e) {
        Throwable t = e;
        while (t.getMessage() == null && t.getCause() != null) t = t.getCause();
        return t.getClass().getSimpleName() + (t.getMessage() == null ? "" : ": " + t.getMessage());
    }

    @Override
    public void close() throws IOException {
        try {
            if (recording >= 0) jfr.closeRecording(recording);
        } catch (RuntimeException e) {
            // the server may be gone already; nothing to keep
        } finally {
            connector.close();
        }
    }
}
