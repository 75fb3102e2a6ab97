package org.submission.schema.workbench;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.MediaType;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.submission.platform.error.ApiException;
import org.submission.schema.service.SchemaAnswer;

/**
 * The workbench page and the files it loads, from the class path: the page's own, and the SurveyJS
 * libraries the build copies there from the npm packages that {@code src/main/workbench/package-lock.json}
 * pins. Only the files named here are served. Each is read per request, on a worker thread, so the
 * service holds none of their megabytes unless someone is loading the page; only their entity tags
 * are kept.
 */
@ApplicationScoped
public class WorkbenchAssets {

    public static final String PAGE = "index.html";

    /** Scripts and styles from this service only: no inline script, no eval, no other host. */
    public static final String CONTENT_SECURITY_POLICY = "default-src 'none'; script-src 'self'; style-src 'self';"
            + " img-src 'self' data:; font-src 'self' data:; connect-src 'self'; form-action 'none';"
            + " frame-ancestors 'none'; base-uri 'none'";

    /** A file's bytes, entity tag (unquoted) and type. */
    public record File(byte[] body, String tag, MediaType type) {
    }

    private record Known(String resource, MediaType type) {
    }

    private static final MediaType JS = new MediaType("text", "javascript", "utf-8");
    private static final MediaType CSS = new MediaType("text", "css", "utf-8");

    private static final Map<String, Known> FILES = Map.of(
            PAGE, new Known("workbench/index.html", new MediaType("text", "html", "utf-8")),
            "workbench.js", new Known("workbench/workbench.js", JS),
            "workbench.css", new Known("workbench/workbench.css", CSS),
            "survey.core.min.js", new Known("workbench/lib/survey.core.min.js", JS),
            "survey-js-ui.min.js", new Known("workbench/lib/survey-js-ui.min.js", JS),
            "survey-core.fontless.min.css", new Known("workbench/lib/survey-core.fontless.min.css", CSS));

    private final Map<String, String> tags = new ConcurrentHashMap<>();

    public File file(String name) {
        Known known = FILES.get(name);
        byte[] body = known == null ? null : read(known.resource());
        if (body == null) {
            throw ApiException.notFound(known == null ? "No workbench file " + name + "."
                    : "This build has no " + name + ": it was built without npm, which bundles the SurveyJS libraries.");
        }
        return new File(body, tags.computeIfAbsent(name, n -> SchemaAnswer.of(body).etag()), known.type());
    }

    private static byte[] read(String resource) {
        try (InputStream in = WorkbenchAssets.class.getClassLoader().getResourceAsStream(resource)) {
            return in == null ? null : in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
