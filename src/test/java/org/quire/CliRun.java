package org.quire;

import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;

/** One run of the {@code quire} command line in the test JVM, with what it printed and its exit code. */
public record CliRun(int code, String out, String err) {

    public static CliRun of(List<String> args) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        CommandLine cl = Quire.commandLine();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int code = cl.execute(args.toArray(String[]::new));
        return new CliRun(code, out.toString(), err.toString());
    }

    /**
     * A client command ({@code import}, {@code export}) against the test server, as {@code tenant}'s administrator
     * (password "pw", as Fixtures makes it) unless {@code args} give their own --url, --tenant, --user or --password.
     */
    public static CliRun client(String command, String tenant, String... args) {
        List<String> given = List.of(args);
        List<String> all = new java.util.ArrayList<>(List.of(command));
        String[][] defaults = {{"--url", "http://localhost:" + TestServer.get().port()}, {"--tenant", tenant},
                {"--user", tenant + "_admin"}, {"--password", "pw"}};
        for (String[] d : defaults) if (!given.contains(d[0])) all.addAll(List.of(d));
        all.addAll(given);
        return of(all);
    }
}
