package org.submission.doi.service;

import static org.assertj.core.api.Assertions.assertThat;

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
}
