package org.submission.doi.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.UncheckedIOException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.submission.doi.support.Fixtures;

class RegistryWorkTest {

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
    void anAbstractWithoutMarkupIsLeftAsItIs() {
        String text = "Plain & simple > nothing";

        assertThat(RegistryWork.safeAbstract(text)).isSameAs(text);
    }

    @Test
    void anAbstractWithMarkupBecomesSafeHtml() {
        assertThat(RegistryWork.safeAbstract("<jats:p>A <jats:italic>b</jats:italic><script>x</script></jats:p>"))
                .isEqualTo("<p>A <i>b</i></p>");
    }

    @ParameterizedTest
    @ValueSource(strings = {"work-article.json", "work-book-chapter.json"})
    void readsTheJournalTheWorkNames(String name) {
        assertThat(RegistryWork.journal(Fixtures.text(name), Fixtures.JSON)).isEqualTo(JournalCandidate.fromWork(Fixtures.json(name)));
    }

    @Test
    void theJournalIsReadFromTheMessageWhateverSurroundsIt() {
        String work = """
                {"status": "ok", "x": {"message": {"ISSN": ["9999-9999"]}},
                 "message": {"author": [{"ISSN": ["8888-8888"]}], "ISSN": ["1234-5678"], "title": ["T"],
                             "container-title": ["J"], "issn-type": [{"value": "2345-6789", "type": "print"}]}}""";

        assertThat(RegistryWork.journal(work, Fixtures.JSON)).isEqualTo(new JournalCandidate("J", List.of("Print:2345-6789", ":1234-5678")));
    }

    @Test
    void aTextThatIsNotAnObjectIsUnreadable() {
        assertThatThrownBy(() -> RegistryWork.journal("[1]", Fixtures.JSON)).isInstanceOf(UncheckedIOException.class);
    }
}
