package org.submission.schema.workbench;

import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.submission.schema.config.SchemaServiceSettings;

/**
 * The workbench page's own 401 asks the browser for a login ({@code WWW-Authenticate: Basic}),
 * so that an author outside PASS's authenticating proxy (a developer's {@code ./run.sh}) can sign in
 * with a backend account; the browser then sends it with the page's calls. Every other 401 of the
 * service stays without the challenge, so no API client's browser ever shows a pop-up.
 */
@ApplicationScoped
public class LoginPrompt {

    static final String PAGE = "/schemaservice/workbench";

    private final boolean enabled;

    public LoginPrompt(SchemaServiceSettings settings) {
        this.enabled = settings.workbench().enabled();
    }

    void install(@Observes Router router) {
        if (enabled) {
            router.route(HttpMethod.GET, PAGE).order(Integer.MIN_VALUE).handler(this::challengeOnRefusal);
        }
    }

    private void challengeOnRefusal(RoutingContext ctx) {
        ctx.addHeadersEndHandler(ignored -> {
            if (ctx.response().getStatusCode() == 401) {
                ctx.response().putHeader("WWW-Authenticate", "Basic realm=\"Schema workbench\", charset=\"UTF-8\"");
            }
        });
        ctx.next();
    }
}
