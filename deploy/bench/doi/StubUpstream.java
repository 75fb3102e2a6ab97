import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * A loopback stand-in for both upstreams of the DOI service, for the benchmark only. Every answer
 * is sent after a fixed delay (default 20 ms) from a timer, so waiting requests hold no thread.
 * {@code /works/<doi>} answers a registry-like work whose journal (one of {@code journals},
 * default 1000) follows from the DOI; fewer journals mean more requests queueing on one
 * journal's find-or-create lock; {@code /v2/<doi>} answers a lookup-like record with three locations. A DOI containing
 * {@code /slow.} is answered after 2 s instead (the thread check keeps requests in flight).
 *
 * <pre>java StubUpstream.java [port] [delayMillis] [journals]</pre>
 */
public class StubUpstream {

    private static int journals;

    public static void main(String[] args) throws IOException {
        int port = args.length > 0 ? Integer.parseInt(args[0]) : 8099;
        long delay = args.length > 1 ? Long.parseLong(args[1]) : 20;
        journals = args.length > 2 ? Integer.parseInt(args[2]) : 1000;
        ScheduledExecutorService timer = Executors.newScheduledThreadPool(2);
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 4096);
        server.setExecutor(Executors.newFixedThreadPool(2));
        server.createContext("/", exchange -> {
            String path = exchange.getRequestURI().getRawPath();
            long wait = path.contains("/slow.") ? 2_000 : delay;
            timer.schedule(() -> answer(exchange, path), wait, TimeUnit.MILLISECONDS);
        });
        server.start();
        System.out.println("stub upstream on 127.0.0.1:" + port + ", answering after " + delay + " ms, "
                + journals + " journals");
    }

    private static void answer(HttpExchange exchange, String path) {
        try (exchange) {
            byte[] body;
            int status = 200;
            if (path.startsWith("/works/")) {
                body = work(path.substring("/works/".length())).getBytes(StandardCharsets.UTF_8);
            } else if (path.startsWith("/v2/")) {
                body = record(path.substring("/v2/".length())).getBytes(StandardCharsets.UTF_8);
            } else {
                status = 404;
                body = "{}".getBytes(StandardCharsets.UTF_8);
            }
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(status, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        } catch (IOException e) {
            // the client went away; nothing to do
        }
    }

    private static String work(String doi) {
        int journal = Math.floorMod(doi.hashCode(), journals);
        String issn = String.format("%04d-%04d", 5000 + journal % 5000, 1000 + journal / 5000);
        return """
            {"status":"ok","message-type":"work","message-version":"1.0.0","message":{
             "publisher":"Bench Press","DOI":"%s","type":"journal-article","source":"Crossref",
             "title":["Benchmark article %s"],"prefix":"10.5555","volume":"1","member":"9999",
             "author":[{"given":"Ana","family":"Bench","sequence":"first","affiliation":[]}],
             "abstract":"<jats:p>An <jats:italic>abstract</jats:italic> with H<jats:sub>2</jats:sub>O.</jats:p>",
             "container-title":["Bench Journal %d"],"ISSN":["%s"],"issn-type":[{"value":"%s","type":"print"}],
             "issued":{"date-parts":[[2024,1]]},"URL":"https://doi.org/%s"}}""".formatted(doi, doi, journal, issn, issn, doi);
    }

    private static String record(String doi) {
        return """
            {"doi":"%s","is_oa":true,"oa_locations":[
             {"url_for_pdf":"https://repo.example.org/bitstream/%s/manuscript.pdf","is_best":false,"repository_institution":"Example Repository"},
             {"url_for_pdf":"https://publisher.example.org/pdf/%s","is_best":true,"repository_institution":null},
             {"url_for_pdf":null,"is_best":false,"repository_institution":"PMC"}]}""".formatted(doi, doi, doi);
    }
}
