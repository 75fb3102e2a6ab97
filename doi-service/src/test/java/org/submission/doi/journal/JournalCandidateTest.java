package org.submission.doi.journal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.submission.doi.support.Fixtures;

class JournalCandidateTest {

    @Test
    void takesTheTitleAndTypedIssnsThenUntypedOnes() {
        JournalCandidate candidate = JournalCandidate.fromWork(Fixtures.parse(
                Fixtures.work("10.5555/x", "  Journal of Submission Studies ", "print:2049-3630", "electronic:2049-3630", "1234-5678")));

        assertThat(candidate.name()).isEqualTo("Journal of Submission Studies");
        assertThat(candidate.issns()).containsExactly("Print:2049-3630", "Online:2049-3630", ":1234-5678");
        assertThat(candidate.issnValues()).containsExactly("2049-3630", "1234-5678");
    }

    @Test
    void otherIssnTypesAreUntypedAndRepeatedValuesCountOnce() {
        JournalCandidate candidate = JournalCandidate.fromWork(Fixtures.parse("""
                {"message": {"container-title": ["J"], "ISSN": ["2049-3630", "2049-3630", "2049-364x"],
                 "issn-type": [{"value": "2049-364X", "type": "linking"}, {"value": "2049-3630", "type": "print"}]}}"""));

        assertThat(candidate.issns()).containsExactly(":2049-364X", "Print:2049-3630");
    }

    @Test
    void aWorkWithoutJournalDataGivesAnEmptyCandidate() {
        JournalCandidate candidate = JournalCandidate.fromWork(Fixtures.json("work-book-chapter.json"));

        assertThat(candidate.hasName()).isFalse();
        assertThat(candidate.issns()).isEmpty();
    }

    @Test
    void toleratesMissingOddAndNullFields() {
        JournalCandidate candidate = JournalCandidate.fromWork(Fixtures.parse("""
                {"message": {"container-title": [null, "x"], "ISSN": [1, null, " "], "issn-type": [{"type": "print"}, 7, null]}}"""));

        assertThat(candidate.hasName()).isFalse();
        assertThat(candidate.issns()).isEmpty();
        assertThat(JournalCandidate.fromWork(Fixtures.parse("{\"a\": \"b\"}")).complete()).isFalse();
    }

    @Test
    void lockKeysAreSortedAndIndependentOfIssnTypeAndNameSpelling() {
        JournalCandidate one = new JournalCandidate("Journal  of X", List.of("Print:1111-1111", "Online:2222-2222"));
        JournalCandidate other = new JournalCandidate("journal of x", List.of(":2222-2222", ":1111-1111"));

        assertThat(JournalService.lockKeys(one)).isSorted().hasSize(3).isEqualTo(JournalService.lockKeys(other));
    }

    @Test
    void takesAtMostTheCapOfIssnsSoFindOrCreateTakesABoundedNumberOfLocks() {
        StringBuilder issns = new StringBuilder();
        for (int i = 0; i < 40_000; i++) {
            issns.append(i == 0 ? "" : ",").append('"').append(String.format("%04d-%04d", i / 10_000, i % 10_000)).append('"');
        }
        JournalCandidate candidate = JournalCandidate.fromWork(Fixtures.parse(
                "{\"message\": {\"container-title\": [\"J\"], \"ISSN\": [" + issns + "]}}"));

        assertThat(candidate.issns()).hasSize(JournalCandidate.MAX_ISSNS).startsWith(":0000-0000");
        assertThat(JournalService.lockKeys(candidate)).hasSize(JournalCandidate.MAX_ISSNS + 1);
    }

    @Test
    void aCandidateBuiltWithMoreIssnsKeepsTheCap() {
        List<String> many = java.util.stream.IntStream.range(0, 100).mapToObj(i -> ":" + i).toList();

        assertThat(new JournalCandidate("J", many).issns()).hasSize(JournalCandidate.MAX_ISSNS);
    }

    @Test
    void controlCharactersAndNulsLeaveTheNameAndIssns() {
        JournalCandidate candidate = JournalCandidate.fromWork(Fixtures.parse("""
                {"message": {"container-title": ["Journal\\u0000 of\\tX\\u0007"], "ISSN": ["2049-\\u00003630"]}}"""));

        assertThat(candidate.name()).isEqualTo("Journal of X");
        assertThat(candidate.issns()).containsExactly(":2049-3630");
    }

    @Test
    void aTitleLongerThanPassCoresColumnEndsAtItsLastWordWithinTheWidth() {
        String title = "Annals ".repeat(40) + "x".repeat(30);

        String name = JournalCandidate.fromWork(Fixtures.parse(Fixtures.work("10.5555/x", title, "print:2049-3630"))).name();

        assertThat(name).isEqualTo(String.join(" ", Collections.nCopies(36, "Annals")));
    }

    @Test
    void aSingleWordLongerThanTheWidthIsCutAtTheWidthInCharactersNotUtf16Units() {
        String word = "\uD835\uDD04".repeat(300);

        String name = JournalCandidate.fitted(word);

        assertThat(name.codePointCount(0, name.length())).isEqualTo(JournalCandidate.MAX_NAME);
        assertThat(JournalCandidate.fitted("a ".repeat(127) + "b")).as("at the width").hasSize(JournalCandidate.MAX_NAME);
    }
}
