package org.submission.policy.repository;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class MetadataFieldsTest {

    private static final Set<String> DATES = Set.of("acceptedDate", "publicationDate");

    @Test
    void onlyTheNamedTopLevelTextFieldsAreKept() {
        MetadataFields read = MetadataFields.read("""
                {"title": "T", "acceptedDate": "2025-08-01", "journal": {"publicationDate": "2020-01-01"},
                 "publicationDate": 2021}""", DATES);

        assertThat(read.values()).isEqualTo(Map.of("acceptedDate", "2025-08-01"));
        assertThat(read.covers(DATES)).isTrue();
    }

    @Test
    void theParserStopsOnceEveryNameIsFound() {
        MetadataFields read = MetadataFields.read("{\"publicationDate\": \"2024-01-01\", \"acceptedDate\": \"2025-08-01\", oops",
                DATES);

        assertThat(read.values()).containsOnlyKeys("acceptedDate", "publicationDate");
    }

    @Test
    void theFirstOfTwoFieldsOfOneNameCounts() {
        assertThat(MetadataFields.read("{\"acceptedDate\": \"2025-08-01\", \"acceptedDate\": \"2020-01-01\"}",
                Set.of("acceptedDate")).text("acceptedDate")).isEqualTo("2025-08-01");
    }

    @Test
    void textMalformedBeforeTheFieldsGivesNone() {
        assertThat(MetadataFields.read("{\"title\": nope, \"acceptedDate\": \"2025-08-01\"}", DATES).values()).isEmpty();
    }

    @Test
    void anArrayOfManyEmptyObjectsGivesNone() {
        assertThat(MetadataFields.read("[" + "{},".repeat(1_400_000) + "{}]", DATES).values()).isEmpty();
    }

    @Test
    void nestingPastTheParsersLimitGivesNone() {
        assertThat(MetadataFields.read("{\"x\": " + "[".repeat(5_000) + "]".repeat(5_000)
                + ", \"acceptedDate\": \"2025-08-01\"}", DATES).values()).isEmpty();
    }

    @Test
    void aValueLongerThanTheLongestDoiIsAbsent() {
        String value = "2025-08-01T" + "0".repeat(MetadataFields.MAX_VALUE_CHARS);

        assertThat(MetadataFields.read("{\"acceptedDate\": \"" + value + "\"}", DATES).values()).isEmpty();
    }

    @Test
    void anAbsentTextHasNoFieldsButCoversTheNames() {
        MetadataFields read = MetadataFields.read(null, DATES);

        assertThat(read.values()).isEmpty();
        assertThat(read.covers(DATES)).isTrue();
        assertThat(read.covers(Set.of("doi"))).isFalse();
    }
}
