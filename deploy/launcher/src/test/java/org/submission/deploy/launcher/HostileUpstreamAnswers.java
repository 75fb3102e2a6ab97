package org.submission.deploy.launcher;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.util.RawValue;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * What the DOI service's upstreams may send that hostile reviews found harmful (README
 * "Security"): huge or deep bodies, bodies of many small values (a tree ten times their size), built from the
 * offline stub's recorded answers and registered on the local stack's stub, each for a DOI of its
 * own, and rate announcements no upstream means: registry works to ask {@code /doi/journal} for,
 * open-access lookups to ask {@code /doi/manuscript} for.
 */
record HostileUpstreamAnswers(List<String> works, List<String> lookups) {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String LABEL = "<b>Repo</b>&lt;img src=x onerror=alert(1)&gt;";

    /** Registers them for DOIs of {@code 10.9999/hostile-<wave>-…}, new ones each wave, so that none is answered from a cache. */
    static HostileUpstreamAnswers register(OfflineStubAnswers stub, int wave) throws IOException {
        String prefix = "10.9999/hostile-" + wave + "-";
        List<String> works = new ArrayList<>();
        work(stub, prefix + "abstract", works, message -> message.put("abstract", "<a>x".repeat(100_000)));
        work(stub, prefix + "issns", works, message -> {
            ArrayNode issns = message.putArray("ISSN");
            for (int n = 0; n < 40_000; n++) {
                issns.add(String.format("%04d-%04d", n / 10_000, n % 10_000));
            }
        });
        work(stub, prefix + "nul", works, message -> message.putArray("container-title").add("Journal of\u0000 Null Studies"));
        work(stub, prefix + "authors", works, message -> {
            ArrayNode authors = message.putArray("author");
            for (int n = 0; n < 20_000; n++) {
                authors.addObject().put("given", "A.").put("family", "Author " + n).put("sequence", "additional");
            }
        });
        // 1.5 MB of empty objects: as a tree, 500,000 objects of about 40 MB
        String list = "[" + "{},".repeat(9_999) + "{}]";
        String lists = "[" + (list + ",").repeat(49) + list + "]";
        work(stub, prefix + "values", works, message -> message.putRawValue("reference", new RawValue(lists)));
        String deep = prefix + "deep";
        // 999 levels, written as text: Jackson writes no deeper than 1,000
        stub.answerWork(deep, demo("registry", deep).toString()
                .replaceFirst("\\{", "{\"deep\": " + "[".repeat(999) + "]".repeat(999) + ","));
        works.add(deep);
        // rates no upstream means: one call in 31 years, and an interval past any number's range
        announce(stub, prefix + "years", works, "1", "1000000000s");
        announce(stub, prefix + "overflow", works, "1", "9223372036854775807ms");

        List<String> lookups = new ArrayList<>();
        lookup(stub, prefix + "locations", lookups, locations -> {
            ObjectNode one = (ObjectNode) locations.get(0);
            for (int n = 0; n < 10_000; n++) {
                locations.add(one.deepCopy().put("url_for_pdf", "https://repository.example.edu/copy/" + n + ".pdf"));
            }
        });
        lookup(stub, prefix + "names", lookups, locations -> {
            ObjectNode one = (ObjectNode) locations.get(0);
            for (String pdf : List.of("x/..%2F..%2F..%2Fetc%2Fcron.d%2Fjob.pdf", "y%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E.pdf",
                    "z%00%0D%0Ajob.pdf", "%2E%2E")) {
                locations.add(one.deepCopy().put("repository_institution", LABEL)
                        .put("url_for_pdf", "https://repository.example.edu/" + pdf));
            }
        });
        lookup(stub, prefix + "values", lookups, locations -> ((ObjectNode) locations.get(0)).putRawValue("x", new RawValue(lists)));
        return new HostileUpstreamAnswers(works, lookups);
    }

    private static void work(OfflineStubAnswers stub, String doi, List<String> dois, Consumer<ObjectNode> change) throws IOException {
        ObjectNode work = demo("registry", doi);
        change.accept((ObjectNode) work.get("message"));
        stub.answerWork(doi, work.toString());
        dois.add(doi);
    }

    private static void announce(OfflineStubAnswers stub, String doi, List<String> dois, String limit, String interval) throws IOException {
        stub.announceWork(doi, demo("registry", doi).toString(), limit, interval);
        dois.add(doi);
    }

    /** A registry work for {@code doi} the stub answers plainly from now on: a DOI no cache holds. */
    static String plain(OfflineStubAnswers stub, String doi) throws IOException {
        stub.answerWork(doi, demo("registry", doi).toString());
        return doi;
    }

    private static void lookup(OfflineStubAnswers stub, String doi, List<String> dois, Consumer<ArrayNode> change) throws IOException {
        ObjectNode answer = demo("oalookup", doi);
        change.accept((ArrayNode) answer.get("oa_locations"));
        stub.answerLookup(doi, answer.toString());
        dois.add(doi);
    }

    /** The offline stub's recorded answer for the first demo DOI, its DOI replaced by {@code doi}. */
    private static ObjectNode demo(String upstream, String doi) throws IOException {
        try (InputStream in = HostileUpstreamAnswers.class.getResourceAsStream("/offline/__files/" + upstream + "-10.4137_cmc.s38446.json")) {
            ObjectNode answer = (ObjectNode) JSON.readTree(in);
            ObjectNode holder = answer.has("message") ? (ObjectNode) answer.get("message") : answer;
            holder.put(answer.has("message") ? "DOI" : "doi", doi);
            return answer;
        }
    }
}
