package org.submission.doi.service;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.submission.doi.support.Fixtures;

class RegistryWorkTest {

    @Test
    void cutsTheIssnAndAuthorListsToTheirCaps() {
        ObjectNode work = Fixtures.JSON.createObjectNode();
        ObjectNode message = work.putObject("message");
        ArrayNode issns = message.putArray("ISSN");
        ArrayNode typed = message.putArray("issn-type");
        ArrayNode authors = message.putArray("author");
        for (int i = 0; i < 40_000; i++) {
            issns.add("0000-" + i);
            typed.addObject().put("value", "0000-" + i).put("type", "print");
            authors.addObject().put("family", "A" + i);
        }

        RegistryWork.normalised(work);

        assertThat(message.get("ISSN")).hasSize(JournalCandidate.MAX_ISSNS);
        assertThat(message.get("issn-type")).hasSize(JournalCandidate.MAX_ISSNS);
        assertThat(message.get("author")).hasSize(RegistryWork.MAX_AUTHORS);
        assertThat(message.get("author").get(0).get("family").asText()).isEqualTo("A0");
    }

    @Test
    void anAbstractOverTheCapIsCutThereAndReadAsHtml() {
        String jats = "<jats:p>" + "word ".repeat(RegistryWork.MAX_ABSTRACT) + "</jats:p>";

        String html = RegistryWork.htmlAbstract(jats);

        assertThat(html).doesNotContain("<", "&lt;").startsWith("word word").hasSizeLessThanOrEqualTo(RegistryWork.MAX_ABSTRACT);
    }

    @Test
    void anAbstractAtTheCapIsConvertedWhole() {
        String jats = "<jats:p>" + "w".repeat(RegistryWork.MAX_ABSTRACT - 17) + "</jats:p>";

        assertThat(RegistryWork.htmlAbstract(jats)).isEqualTo("<p>" + "w".repeat(RegistryWork.MAX_ABSTRACT - 17) + "</p>");
    }

    @Test
    void namesAndValuesLoseNulsAndLoneSurrogatesAnywhereInTheAnswer() {
        ObjectNode work = (ObjectNode) Fixtures.parse("""
                {"message": {"a\\u0000": [{"b": "x\\u0000y"}, "\\ud800z", "\\ud83d\\ude00"]}}""");

        RegistryWork.normalised(work);

        assertThat(work.toString()).isEqualTo("{\"message\":{\"a\":[{\"b\":\"xy\"},\"\ufffdz\",\"\ud83d\ude00\"]}}");
    }
}
