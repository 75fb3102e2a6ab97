package org.submission.platform.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class PathAliasesTest {

    private final PathAliases aliases = new PathAliases(() -> Map.of("schema", "schemaservice", "policy-service", "policy"));

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
            "/schema, /schemaservice",
            "/schema/validate, /schemaservice/validate",
            "/schema/surveyjs/repositories, /schemaservice/surveyjs/repositories",
            "/schema;v=1/validate, /schemaservice;v=1/validate",
            "/policy-service/policies, /policy/policies"})
    void anAliasSegmentBecomesItsCanonicalSegment(String path, String canonical) {
        assertThat(aliases.canonical(path)).contains(canonical);
    }

    @ParameterizedTest
    @ValueSource(strings = {"/schemaservice", "/schemaservice/surveyjs", "/schemas", "/policy/policies", "/q/openapi", "/"})
    void aPathWhoseFirstSegmentIsNoAliasIsLeftAlone(String path) {
        assertThat(aliases.canonical(path)).isEmpty();
    }

    @Test
    void anAliasOnlyAsALaterSegmentIsLeftAlone() {
        assertThat(aliases.canonical("/schemaservice/schema")).isEmpty();
    }
}
