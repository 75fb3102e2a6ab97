package org.submission.platform.testing;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.restassured.path.json.JsonPath;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The OpenAPI check every service runs on its own document: an operation exists with a summary,
 * documents exactly the statuses it answers and its parameters (each described), every error
 * answer is the shared JSON error body, and it requires the Basic scheme declared once.
 */
public final class OpenApiDocument {

    private final JsonPath document;

    private OpenApiDocument(JsonPath document) {
        this.document = document;
    }

    /** The running service's document, as {@code /q/openapi?format=json} serves it. */
    public static OpenApiDocument served() {
        return new OpenApiDocument(given().queryParam("format", "json").get("/q/openapi").then().statusCode(200).extract().jsonPath());
    }

    public JsonPath json() {
        return document;
    }

    /**
     * @param statuses   every status the operation documents, space-separated
     * @param parameters its parameters as {@code in:name}, space-separated (empty for none)
     */
    public void describes(String method, String path, String statuses, String parameters) {
        String operation = "paths.'" + path + "'." + method;
        Map<String, Object> responses = document.getMap(operation + ".responses");

        assertThat(document.getString(operation + ".summary")).as(method + " " + path + " summary").isNotBlank();
        assertThat(responses).as(method + " " + path + " responses").containsOnlyKeys(words(statuses));
        responses.keySet().stream().filter(status -> status.compareTo("400") >= 0).forEach(status ->
                assertThat(document.getString(operation + ".responses.'" + status + "'.content.'application/json'.schema.$ref"))
                        .as(method + " " + path + " " + status + " body").endsWith("/ErrorBody"));
        List<Map<String, Object>> declared = document.getList(operation + ".parameters");
        assertThat(declared == null ? List.<String>of() : declared.stream().map(p -> p.get("in") + ":" + p.get("name")).toList())
                .as(method + " " + path + " parameters").containsExactlyInAnyOrder(words(parameters));
        if (declared != null) {
            assertThat(declared).allSatisfy(p -> assertThat((String) p.get("description")).isNotBlank());
        }
        List<Object> security = document.getList(operation + ".security") != null ? document.getList(operation + ".security.basic")
                : document.getList("security.basic");
        assertThat(security).as(method + " " + path + " security in " + document.getMap("$").keySet() + " / "
                + document.getMap(operation).keySet()).isNotEmpty();
        assertThat(document.getString("components.securitySchemes.basic.scheme")).isEqualTo("basic");
    }

    private static String[] words(String list) {
        return Arrays.stream(list.trim().split("\\s+")).filter(w -> !w.isEmpty()).toArray(String[]::new);
    }
}
