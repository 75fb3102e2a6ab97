package org.submission.schema.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.submission.platform.error.ApiException;

class RequestParametersTest {

    @Test
    void idsKeepRequestOrderCountOnceAndIgnoreWhitespace() {
        assertThat(EntityIds.parse(List.of(" 12, 10 ,12,7 ", "10,3"))).containsExactly(12L, 10L, 7L, 3L);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " ", "1,,2", "1,", ",1", "abc", "1,x", "-1", "+1", "1.5", "0x10", "99999999999999999999"})
    void malformedIdsAreABadRequest(String value) {
        assertThatThrownBy(() -> EntityIds.parse(List.of(value)))
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.status()).isEqualTo(400));
    }

    @Test
    void missingIdsAreABadRequest() {
        assertThatThrownBy(() -> EntityIds.parse(List.of()))
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.getMessage()).contains("entityIds is required"));
    }

    @ParameterizedTest
    @NullSource
    @ValueSource(strings = {"false", "FALSE", "No", "no", "0", " false "})
    void absentOrFalseMeansUnmerged(String value) {
        assertThat(MergeFlag.merged(value)).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "true", "TRUE", "yes", "1", "merge", "falsey"})
    void anyOtherValueMeansMerged(String value) {
        assertThat(MergeFlag.merged(value)).isTrue();
    }
}
