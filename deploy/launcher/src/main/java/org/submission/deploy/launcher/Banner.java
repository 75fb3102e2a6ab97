package org.submission.deploy.launcher;

import java.net.URI;
import java.util.List;
import java.util.Optional;

/** What the launcher prints once the stack is ready: where it is, who to be, what to try. */
public final class Banner {

    /** The three example calls: schemas of demo repository 10, policies of demo submission 60, a DOI. */
    public static final List<Example> EXAMPLES = List.of(
            new Example("schemas of the demo repository 10 (PubMed Central)", "/schemaservice?entityIds=10", false),
            new Example("policies that apply to the demo submission 60", "/policy/policies?submission=60", false),
            new Example("the journal of an article, found by its DOI", "/doi/journal?doi=10.4137/CMC.S38446", true));

    /** An example call; DOI calls carry the XSRF double-submit header and cookie. */
    public record Example(String what, String pathAndQuery, boolean xsrf) {

        public String curl(URI base, String user, Optional<String> password) {
            String credentials = user + ":" + password.orElse("$SUBMISSION_BACKEND_PASSWORD");
            String quotedCredentials = password.isPresent() ? "'" + credentials + "'" : "\"" + credentials + "\"";
            return "curl -u " + quotedCredentials + (xsrf ? " -H 'X-XSRF-TOKEN: t' -b 'XSRF-TOKEN=t'" : "")
                    + " '" + base + pathAndQuery + "'";
        }
    }

    private Banner() {
    }

    public static String text(LocalStack stack, String startedIn) {
        URI base = stack.baseUri();
        String user = stack.backendUser();
        Optional<String> password = stack.demoPassword();
        StringBuilder out = new StringBuilder();
        out.append('\n').append("Submission Support Services are ready at ").append(base)
                .append("  (started in ").append(startedIn).append(")\n\n");
        out.append("  backend account (HTTP Basic): ").append(user).append(" / ")
                .append(password.orElse("the password in SUBMISSION_BACKEND_PASSWORD")).append('\n');
        for (ServiceProcess service : stack.services()) {
            out.append("  ").append(String.format("%-15s", service.spec().id())).append("http://127.0.0.1:")
                    .append(service.spec().port()).append("  (/q/health, /q/metrics, /q/swagger-ui; log ")
                    .append(service.log()).append(")\n");
        }
        out.append("  database:      ").append(stack.embeddedDatabase()
                ? "embedded PostgreSQL with the demo data at " + stack.databaseUrl() + " (gone at exit)"
                : "SUBMISSION_DB_URL").append('\n');
        out.append("  DOI lookups:   ").append(stack.offlineStub()
                .map(stub -> "recorded answers for " + String.join(", ", OfflineStub.DEMO_DOIS) + " (--offline), by a"
                        + " WireMock stub at " + stub.base() + " whose admin API (" + stub.base() + "__admin) takes more")
                .orElse("the public registry and open-access lookup service (use --offline without internet)"))
                .append("\n\nTry:\n");
        for (Example example : EXAMPLES) {
            out.append("  # ").append(example.what()).append('\n');
            out.append("  ").append(example.curl(base, user, password)).append('\n');
        }
        return out.append("\nPress Ctrl-C to stop everything.\n").toString();
    }
}
