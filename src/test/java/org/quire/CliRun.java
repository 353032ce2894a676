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
}
