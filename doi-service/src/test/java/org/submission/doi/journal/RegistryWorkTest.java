package org.submission.doi.journal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.UncheckedIOException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.submission.doi.support.Fixtures;

class RegistryWorkTest {

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

    @ParameterizedTest
    @ValueSource(strings = {"work-article.json", "work-book-chapter.json"})
    void readBackFromTheSharedCacheItIsTheSameAnswer(String name) {
        RegistryWork answer = RegistryWork.of(Fixtures.text(name), Fixtures.JSON);

        assertThat(RegistryWork.ofStored(answer.stored(Fixtures.JSON), Fixtures.JSON)).isEqualTo(answer);
    }

    @Test
    void aJournalWithoutANameReadsBackWithoutOne() {
        RegistryWork answer = new RegistryWork("{\"message\":{}}", new JournalCandidate(null, List.of(":1234-5678")));

        assertThat(RegistryWork.ofStored(answer.stored(Fixtures.JSON), Fixtures.JSON)).isEqualTo(answer);
    }

    @Test
    void readingItBackParsesTheJournalOnlyNotTheWork() {
        RegistryWork read = RegistryWork.ofStored("[{\"name\":\"J\",\"issns\":[\"Print:1234-5678\"]},{not parsed [}]", Fixtures.JSON);

        assertThat(read.json()).isEqualTo("{not parsed [}");
        assertThat(read.journal()).isEqualTo(new JournalCandidate("J", List.of("Print:1234-5678")));
    }

    @Test
    void theStoredFormIsNoJsonObjectSoAnOlderVersionAsksAgain() throws Exception {
        RegistryWork answer = RegistryWork.of(Fixtures.text("work-article.json"), Fixtures.JSON);

        assertThat(Fixtures.JSON.readTree(answer.stored(Fixtures.JSON)).isArray()).isTrue();
    }

    @Test
    void aWorkKeptAloneByAnOlderVersionIsUnreadable() {
        assertThatThrownBy(() -> RegistryWork.ofStored(Fixtures.text("work-article.json"), Fixtures.JSON))
                .isInstanceOf(UncheckedIOException.class);
    }

    @Test
    void weighsAWorkByItsText() {
        JournalCandidate journal = new JournalCandidate("J", List.of(":0000-0000"));
        RegistryWork small = new RegistryWork("{\"a\":\"b\"}", journal);
        RegistryWork large = new RegistryWork("{\"a\":\"" + "b".repeat(10_000) + "\"}", journal);

        assertThat(large.bytes() - small.bytes()).isGreaterThanOrEqualTo(2 * 9_999);
    }
}
