package org.submission.schema.rest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.submission.schema.BundledSchemaIds.BASE;
import static org.submission.platform.testing.Requests.backend;
import static org.submission.schema.rest.ReferenceSchemas.JHU;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.submission.schema.store.Json;
import org.submission.platform.testing.EmbeddedPostgresResource;
import org.submission.platform.testing.ExternalTool;
import org.submission.platform.testing.TestData;

/**
 * The served SurveyJS form finds errors in a blob exactly when /schemaservice/validate does, for
 * every combination of a schema set's repositories and for blobs differing only in which displayed
 * fields are present (all of them, each one removed, each pair removed).
 */
@QuarkusTest
@TestProfile(ReferenceSchemas.class)
@WithTestResource(EmbeddedPostgresResource.class)
class SurveyParityTest {

    static final String SEED = """
            {"repositories": [
              {"key": "pmc", "id": 10, "name": "PubMed Central", "schemas": ["%1$scommon.json", "%1$spmc.json"]},
              {"key": "ir", "id": 12, "name": "Example Scholarship", "schemas": ["%1$scommon.json", "%1$sir.json"]},
              {"key": "nihms", "id": 20, "name": "NIHMS", "schemas": ["%2$scommon.json", "%2$snihms.json"]},
              {"key": "jscholarship", "id": 21, "name": "JScholarship", "schemas": ["%2$scommon.json", "%2$sjscholarship.json"]},
              {"key": "inveniordm", "id": 22, "name": "InvenioRDM", "schemas": ["%2$scommon.json", "%2$sinveniordm.json"]}
            ]}""".formatted(BASE, JHU);

    @Inject
    DataSource dataSource;

    @BeforeEach
    void seed() {
        TestData.replaceWith(dataSource, SEED);
    }

    @ParameterizedTest(name = "{0} schema set")
    @CsvSource(delimiter = '|', value = {
            "bundled | 10,12       | /examples/full.json",
            "PASS (JHU) reference | 20,21,22 | /surveyjs/jhu-style-blob.json"})
    void surveyJsFindsErrorsExactlyWhenTheServerDoes(String set, String repositories, String baseBlob) throws Exception {
        SurveyJsEngine engine = SurveyJsEngine.require();
        if (set.startsWith("PASS")) {
            ExternalTool.require(ReferenceSchemas.jhuFolder().isPresent(),
                    "../shared/reference/schemas/bundled/jhu is not beside this checkout (the JHU parity)");
        }
        ObjectNode base = (ObjectNode) resource(baseBlob);
        List<String> ids = List.of(repositories.split(","));
        List<String> disagreements = new ArrayList<>();
        int blobs = 0;
        int invalid = 0;
        for (List<String> combination : combinations(ids)) {
            String query = "?entityIds=" + String.join(",", combination);
            JsonNode survey = Json.parse(backend().get("/schemaservice/surveyjs" + query).then().statusCode(200).extract().asByteArray());
            List<String> fields = survey.findValuesAsText("name").stream().filter(base::has).distinct().toList();
            assertThat(fields).as("the base blob fills every question of %s", combination).hasSize(survey.get("elements").size());
            List<ObjectNode> variants = withoutUpToTwoOf(base, fields);
            List<JsonNode> outcomes = engine.validate(survey, variants);
            for (int i = 0; i < variants.size(); i++) {
                JsonNode report = Json.parse(backend().contentType("application/json").body(Json.bytes(variants.get(i)))
                        .post("/schemaservice/validate" + query).then().statusCode(200).extract().asByteArray());
                boolean serverFinds = !report.get("valid").booleanValue();
                invalid += serverFinds ? 1 : 0;
                if (serverFinds != outcomes.get(i).get("hasErrors").booleanValue()) {
                    disagreements.add(combination + " without " + missing(base, variants.get(i)) + ": server "
                            + report.get("errors") + ", SurveyJS " + outcomes.get(i).get("questions"));
                }
            }
            assertThat(outcomes.get(0).get("hasErrors").booleanValue()).as("the full blob passes SurveyJS for %s", combination).isFalse();
            blobs += variants.size();
        }
        System.out.printf("SurveyJS parity, %s schema set (%s): %d repository combinations, %d blobs checked (%d invalid on"
                        + " the server), %d agreements%n", set, engine.release(), combinations(ids).size(), blobs,
                invalid, blobs - disagreements.size());
        assertThat(disagreements).isEmpty();
    }

    /** Every non-empty subset of the ids, in their order. */
    private static List<List<String>> combinations(List<String> ids) {
        return IntStream.range(1, 1 << ids.size())
                .mapToObj(mask -> IntStream.range(0, ids.size()).filter(i -> (mask & 1 << i) != 0).mapToObj(ids::get).toList())
                .toList();
    }

    /** The blob itself, then without each field, then without each pair of fields. */
    private static List<ObjectNode> withoutUpToTwoOf(ObjectNode blob, List<String> fields) {
        List<ObjectNode> variants = new ArrayList<>();
        variants.add(blob);
        for (int i = 0; i < fields.size(); i++) {
            variants.add(without(blob, fields.get(i)));
            for (int j = i + 1; j < fields.size(); j++) {
                variants.add(without(blob, fields.get(i), fields.get(j)));
            }
        }
        return variants;
    }

    private static ObjectNode without(ObjectNode blob, String... fields) {
        ObjectNode copy = blob.deepCopy();
        copy.remove(List.of(fields));
        return copy;
    }

    private static String missing(ObjectNode base, ObjectNode variant) {
        List<String> names = new ArrayList<>();
        base.fieldNames().forEachRemaining(names::add);
        return names.stream().filter(name -> !variant.has(name)).collect(Collectors.joining(", ", "[", "]"));
    }

    private static JsonNode resource(String path) throws Exception {
        try (InputStream in = SurveyParityTest.class.getResourceAsStream(path)) {
            return Json.parse(in.readAllBytes());
        }
    }
}
