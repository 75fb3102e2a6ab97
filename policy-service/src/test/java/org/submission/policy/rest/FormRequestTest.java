package org.submission.policy.rest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.submission.platform.error.ApiException;

class FormRequestTest {

    @Test
    void decodesEscapesPlusSignsAndRepeatedFields() {
        assertThat(FormRequest.decode("submission=6%30&explain=tr+ue&&flag&submission=1"))
                .isEqualTo(Map.of("submission", List.of("60", "1"), "explain", List.of("tr ue"), "flag", List.of("")));
    }

    @Test
    void anEmptyBodyHasNoFields() {
        assertThat(FormRequest.decode("")).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"submission=%ZZ", "submission=%", "submission=%4", "%G0=1"})
    void aMalformedEscapeIsA400(String body) {
        assertThatThrownBy(() -> FormRequest.decode(body))
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.status()).isEqualTo(400));
    }
}
