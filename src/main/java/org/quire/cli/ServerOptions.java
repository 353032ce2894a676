package org.quire.cli;

import picocli.CommandLine.Option;

/** The running Quire a client command talks to, and as whom: the options {@code quire import} and {@code quire export} share. */
public final class ServerOptions {
    @Option(names = "--tenant", defaultValue = "diku", description = "Tenant id. Default: ${DEFAULT-VALUE}")
    String tenant;

    @Option(names = "--url", defaultValue = "http://localhost:9130", description = "The running Quire. Default: "
            + "${DEFAULT-VALUE}")
    String url;

    @Option(names = "--user", defaultValue = "diku_admin", description = "Username. Default: ${DEFAULT-VALUE}")
    String user;

    @Option(names = "--password", defaultValue = "admin", description = "Password. Default: ${DEFAULT-VALUE}")
    String password;
}
