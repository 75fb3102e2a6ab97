package org.submission.deploy.images;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.submission.localpostgres.LocalPostgres;

/**
 * The embedded PostgreSQL the tests use, listening also on podman's bridge, so that the pods of
 * {@code podman kube play} (bridge networking: a manifest's containerPort is refused with host
 * networking) reach it at the bridge's gateway address. Trusts loopback and the bridge's subnet only.
 */
final class BridgedPostgres implements AutoCloseable {

    private final LocalPostgres server;
    private final String gateway;

    private BridgedPostgres(LocalPostgres server, String gateway) {
        this.server = server;
        this.gateway = gateway;
    }

    static BridgedPostgres start() throws IOException {
        String subnet = Podman.run("network", "inspect", "podman", "--format", "{{range .Subnets}}{{.Subnet}}{{end}}");
        String gateway = Podman.run("network", "inspect", "podman", "--format", "{{range .Subnets}}{{.Gateway}}{{end}}");
        Path hba = Files.createTempFile("pg_hba", ".conf");
        Files.writeString(hba, "local all all trust\nhost all all 127.0.0.1/32 trust\nhost all all ::1/128 trust\n"
                + "host all all " + subnet + " trust\n");
        LocalPostgres server = LocalPostgres.start(LocalPostgres.Options.defaults()
                .serverConfig("listen_addresses", "*").serverConfig("hba_file", hba.toString()));
        return new BridgedPostgres(server, gateway);
    }

    /** The URL a pod on the bridge uses. */
    String urlFromBridge() {
        return "postgresql://" + gateway + ":" + server.port() + "/postgres";
    }

    @Override
    public void close() {
        server.close();
    }
}
