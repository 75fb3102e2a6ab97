package org.submission.doi.upstream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.buffer.Buffer;
import java.util.Map;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.submission.doi.support.Fixtures;

class UpstreamBodyTest {

    private static final UpstreamBody REGISTRY = new UpstreamBody(Fixtures.JSON, RegistryClient.CAPS, null);
    private static final UpstreamBody OA_LOOKUP = new UpstreamBody(Fixtures.JSON, OaLookupClient.CAPS, null);

    @ParameterizedTest
    @ValueSource(strings = {"work-article.json", "work-book-chapter.json"})
    void copiesARealWorkAsItIs(String name) throws Exception {
        String body = Fixtures.text(name);

        assertThat(Fixtures.JSON.readTree(REGISTRY.textOf(Buffer.buffer(body), Map.of()))).isEqualTo(Fixtures.JSON.readTree(body));
    }

    @Test
    void copiesEveryKindOfValueAsItIs() throws Exception {
        String body = """
                {"a": [], "b": {}, "c": [1, -2, 3000000000, 123456789012345678901234567890, 1.5, -0.0, 1e300],
                 "d": [true, false, null, "x\\u00e9\\ud83d\\ude00\\n"], "e": {"f": [[{}]]}}""";

        assertThat(Fixtures.JSON.readTree(REGISTRY.textOf(Buffer.buffer(body), Map.of()))).isEqualTo(Fixtures.JSON.readTree(body));
    }

    @Test
    void namesAndValuesLoseNulsAndLoneSurrogatesAnywhere() {
        String body = """
                {"message": {"a\\u0000": [{"b": "x\\u0000y"}, "\\ud800z", "\\ud83d\\ude00"]}}""";

        assertThat(REGISTRY.textOf(Buffer.buffer(body), Map.of())).isEqualTo("{\"message\":{\"a\":[{\"b\":\"xy\"},\"\ufffdz\",\"\ud83d\ude00\"]}}");
    }

    @Test
    void rewritesTheStringsOfTheMembersItIsGivenWhereverTheyStand() throws Exception {
        String body = """
                {"message": {"abstract": "a\\u0000", "title": ["abstract"], "x": {"abstract": "b", "list": [{"abstract": 1}]}}}""";

        String text = REGISTRY.textOf(Buffer.buffer(body), Map.of("abstract", String::toUpperCase));

        assertThat(text).isEqualTo("{\"message\":{\"abstract\":\"A\",\"title\":[\"abstract\"],\"x\":{\"abstract\":\"B\",\"list\":[{\"abstract\":1}]}}}");
    }

    @Test
    void cutsEachListOfAWorkToTheCapOfItsNameAndAnyOtherToTheDefault() throws Exception {
        ObjectNode work = Fixtures.JSON.createObjectNode();
        ObjectNode message = work.putObject("message");
        ArrayNode issns = message.putArray("ISSN");
        ArrayNode typed = message.putArray("issn-type");
        ArrayNode authors = message.putArray("author");
        ArrayNode references = message.putArray("reference");
        for (int i = 0; i < 20_000; i++) {
            issns.add("0000-" + i);
            typed.addObject().put("value", "0000-" + i).put("type", "print");
            authors.addObject().put("family", "A" + i);
            references.add(i);
        }

        JsonNode read = Fixtures.JSON.readTree(REGISTRY.textOf(Buffer.buffer(work.toString()), Map.of())).get("message");

        assertThat(read.get("ISSN")).hasSize(RegistryClient.MAX_ISSNS);
        assertThat(read.get("issn-type")).hasSize(RegistryClient.MAX_ISSNS);
        assertThat(read.get("author")).hasSize(RegistryClient.MAX_AUTHORS);
        assertThat(read.get("author").get(0).get("family").asText()).isEqualTo("A0");
        assertThat(read.get("reference")).hasSize(UpstreamBody.MAX_ELEMENTS);
    }

    @Test
    void aWorkOfManySmallValuesIsCopiedToTextNoLargerThanItsBody() {
        String body = "{\"a\": [" + (list() + ",").repeat(49) + list() + "]}";

        assertThat(REGISTRY.textOf(Buffer.buffer(body), Map.of())).hasSizeLessThanOrEqualTo(body.length());
    }

    @Test
    void readsOnlyTheNamedMembersOfALookupRecord() throws Exception {
        String body = Fixtures.text("oa-record.json");
        JsonNode whole = Fixtures.JSON.readTree(body);

        ObjectNode read = OA_LOOKUP.treeOf(Buffer.buffer(body), OaLookupClient.MEMBERS);

        assertThat(read.properties()).extracting(Map.Entry::getKey).containsExactlyInAnyOrderElementsOf(OaLookupClient.MEMBERS);
        assertThat(read.get("oa_locations")).isEqualTo(whole.get("oa_locations"));
        assertThat(read.get("oa_status")).isEqualTo(whole.get("oa_status"));
    }

    @Test
    void readsAtMostTheCapOfOpenAccessLocations() {
        ObjectNode record = Fixtures.JSON.createObjectNode();
        ArrayNode locations = record.putArray("oa_locations");
        for (int i = 0; i < 3 * OaLookupClient.MAX_LOCATIONS; i++) {
            locations.addObject().put("url_for_pdf", "https://x.example.org/" + i + ".pdf");
        }

        assertThat(OA_LOOKUP.treeOf(Buffer.buffer(record.toString()), OaLookupClient.MEMBERS).get("oa_locations"))
                .hasSize(OaLookupClient.MAX_LOCATIONS);
    }

    @Test
    void refusesALookupRecordOfMoreValuesThanTheBudget() {
        // three locations of 10,000 empty objects each: 90 KB of JSON, a tree of 30,000 objects
        String body = "{\"oa_locations\": [" + ("{\"x\": " + list() + "},").repeat(2) + "{\"x\": " + list() + "}]}";

        assertBadBody(() -> OA_LOOKUP.treeOf(Buffer.buffer(body), OaLookupClient.MEMBERS));
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"a\": 1} {\"b\": 2}", "{\"a\": [1, 2", "[1, 2]", "\"text\"", "{\"a\": }", ""})
    void refusesWhatIsNotOneJsonObject(String body) {
        assertBadBody(() -> REGISTRY.textOf(Buffer.buffer(body), Map.of()));
        assertBadBody(() -> OA_LOOKUP.treeOf(Buffer.buffer(body), OaLookupClient.MEMBERS));
    }

    private static String list() {
        return "[" + "{},".repeat(UpstreamBody.MAX_ELEMENTS - 1) + "{}]";
    }

    private static void assertBadBody(ThrowingCallable read) {
        assertThatThrownBy(read)
                .isInstanceOfSatisfying(UpstreamFailure.class, f -> assertThat(f.kind()).isEqualTo(UpstreamFailure.Kind.BAD_BODY));
    }
}
