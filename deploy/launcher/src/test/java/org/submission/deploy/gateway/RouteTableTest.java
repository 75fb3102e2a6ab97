package org.submission.deploy.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class RouteTableTest {

    private final RouteTable table = RouteTable.of(Map.of(
            RouteTable.SCHEMA, URI.create("http://127.0.0.1:1"),
            RouteTable.POLICY, URI.create("http://127.0.0.1:2"),
            RouteTable.DOI, URI.create("http://127.0.0.1:3")));

    @ParameterizedTest
    @CsvSource({
            "/schemaservice, schema-service",
            "/schemaservice/validate, schema-service",
            "/schema, schema-service",
            "/schema/pass/common.json, schema-service",
            "/policy/policies, policy-service",
            "/policy, policy-service",
            "/policy-service/repositories, policy-service",
            "/doi/journal, doi-service",
            "/doi/manuscript, doi-service"})
    void pathGoesToItsService(String path, String service) {
        assertThat(table.match(path)).get().extracting(RouteTable.Route::service).isEqualTo(service);
    }

    @ParameterizedTest
    @ValueSource(strings = {"/", "/schemas", "/schemaservicex", "/policyx", "/doix", "/q/health", "/q/metrics", ""})
    void pathOutsideEveryPrefixHasNoRoute(String path) {
        assertThat(table.match(path)).isEmpty();
    }
}
