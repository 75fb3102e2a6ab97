import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes the benchmark's store and data: N repository schemas shaped like the bundled PubMed
 * Central and institutional repository ones (a form of 2 to 6 global properties, prerequisites,
 * options and mappings, all by absolute $ref to the bundled global schema), and a seed file with
 * the demo-like repositories 10, 11, 12 plus repositories 1001… each linked to common.json and its
 * own schema. Run with the JDK's source launcher: java GenerateStore.java <schema dir> <seed file> <N>
 */
public class GenerateStore {

    static final String PASS = "https://submission.example.org/schemas/pass/";
    static final String GLOBAL = PASS + "global.json";
    static final String[] KEYS = {"DOI", "title", "journal-title", "volume", "issue", "issns", "journal-NLMTA-ID",
            "publisher", "publicationDate", "abstract", "authors", "agreements"};

    public static void main(String[] args) throws IOException {
        Path folder = Path.of(args[0], "bench");
        Path seed = Path.of(args[1]);
        int count = Integer.parseInt(args[2]);
        Files.createDirectories(folder);
        List<String> repositories = new ArrayList<>(List.of(
                repository("pmc", 10, "PubMed Central", PASS + "common.json", PASS + "pmc.json"),
                repository("par", 11, "NSF Public Access Repository", PASS + "common.json"),
                repository("ir", 12, "Example Scholarship", PASS + "common.json", PASS + "ir.json")));
        for (int n = 1; n <= count; n++) {
            String file = String.format("repo-%02d.json", n);
            Files.writeString(folder.resolve(file), schema(n, file), StandardCharsets.UTF_8);
            repositories.add(repository("bench-" + n, 1000 + n, "Benchmark repository " + n, PASS + "common.json",
                    "https://bench.example.org/metadata-schemas/bench/" + file));
        }
        Files.writeString(seed, "{\"repositories\": [\n  " + String.join(",\n  ", repositories) + "\n]}\n", StandardCharsets.UTF_8);
    }

    static String repository(String key, int id, String name, String... schemas) {
        return String.format("{\"key\": \"%s\", \"id\": %d, \"name\": \"%s\", \"repositoryKey\": \"%s\", \"schemas\": [\"%s\"]}",
                key, id, name, key, String.join("\", \"", schemas));
    }

    static String schema(int n, String file) {
        List<String> keys = new ArrayList<>();
        for (int i = 0; i < 2 + n % 5; i++) {
            keys.add(KEYS[(n * 3 + i * 5) % KEYS.length]);
        }
        StringBuilder properties = new StringBuilder();
        StringBuilder mappings = new StringBuilder();
        for (String key : keys) {
            properties.append(properties.length() == 0 ? "" : ",\n        ")
                    .append(String.format("\"%s\": {\"$ref\": \"%s#/properties/%s\"}", key, GLOBAL, key));
            mappings.append(mappings.length() == 0 ? "" : ", ")
                    .append(String.format("\"%s\": \"dc.%s.%d\"", key, key.toLowerCase(), n));
        }
        return """
                {
                  "$schema": "http://json-schema.org/draft-07/schema#",
                  "$id": "https://bench.example.org/schemas/bench/%1$s",
                  "title": "Benchmark repository %2$d",
                  "description": "A generated repository schema for the benchmark",
                  "type": "object",
                  "definitions": {
                    "form": {
                      "title": "Benchmark repository %2$d <p class='lead text-muted'>Deposit requirements of repository %2$d</p>",
                      "type": "object",
                      "properties": {
                        %3$s
                      },
                      "required": ["%4$s"],
                      "options": {"$ref": "%5$s#/options"}
                    },
                    "prerequisites": {
                      "type": "object",
                      "required": ["%4$s"],
                      "properties": {"%4$s": {"$ref": "%5$s#/properties/%4$s"}}
                    },
                    "options": {"$ref": "%5$s#/options"},
                    "mappings": {"repository": "Benchmark repository %2$d", "fields": {%6$s}}
                  },
                  "allOf": [
                    {"$ref": "%5$s#"},
                    {"$ref": "#/definitions/prerequisites"},
                    {"$ref": "#/definitions/form"}
                  ]
                }
                """.formatted(file, n, properties, keys.get(0), GLOBAL, mappings);
    }
}
