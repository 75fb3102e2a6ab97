package org.submission.doi.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.UncheckedIOException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.submission.doi.support.Fixtures;

class RegistryAnswerTest {

    @ParameterizedTest
    @ValueSource(strings = {"work-article.json", "work-book-chapter.json"})
    void readBackFromTheSharedCacheItIsTheSameAnswer(String name) {
        RegistryAnswer answer = RegistryAnswer.of(Fixtures.text(name), Fixtures.JSON);

        assertThat(RegistryAnswer.ofStored(answer.stored(Fixtures.JSON), Fixtures.JSON)).isEqualTo(answer);
    }

    @Test
    void aJournalWithoutANameReadsBackWithoutOne() {
        RegistryAnswer answer = new RegistryAnswer("{\"message\":{}}", new JournalCandidate(null, List.of(":1234-5678")));

        assertThat(RegistryAnswer.ofStored(answer.stored(Fixtures.JSON), Fixtures.JSON)).isEqualTo(answer);
    }

    @Test
    void readingItBackParsesTheJournalOnlyNotTheWork() {
        RegistryAnswer read = RegistryAnswer.ofStored("[{\"name\":\"J\",\"issns\":[\"Print:1234-5678\"]},{not parsed [}]", Fixtures.JSON);

        assertThat(read.json()).isEqualTo("{not parsed [}");
        assertThat(read.journal()).isEqualTo(new JournalCandidate("J", List.of("Print:1234-5678")));
    }

    @Test
    void theStoredFormIsNoJsonObjectSoAnOlderVersionAsksAgain() throws Exception {
        RegistryAnswer answer = RegistryAnswer.of(Fixtures.text("work-article.json"), Fixtures.JSON);

        assertThat(Fixtures.JSON.readTree(answer.stored(Fixtures.JSON)).isArray()).isTrue();
    }

    @Test
    void aWorkKeptAloneByAnOlderVersionIsUnreadable() {
        assertThatThrownBy(() -> RegistryAnswer.ofStored(Fixtures.text("work-article.json"), Fixtures.JSON))
                .isInstanceOf(UncheckedIOException.class);
    }
}
