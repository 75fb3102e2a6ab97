package org.submission.policy.rest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.submission.platform.error.ApiException;

class RequestParametersTest {

    @ParameterizedTest
    @CsvSource({"0, 0", "42, 42", "007, 7", "9223372036854775807, 9223372036854775807"})
    void aDecimalIdIsTheSubmission(String value, long id) {
        assertThat(RequestParameters.submission(List.of(value))).isEqualTo(id);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "x", "-1", "+1", "1.0", " 1", "1 ", "\u0661", "9223372036854775808", "1,2"})
    void anythingElseIsA400(String value) {
        assertThatThrownBy(() -> RequestParameters.submission(List.of(value)))
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.status()).isEqualTo(400));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            NULL  | required
            1,2   | once
            """, nullValues = "NULL")
    void aMissingOrRepeatedSubmissionIsA400(String values, String message) {
        List<String> list = values == null ? List.of() : Arrays.asList(values.split(","));

        assertThatThrownBy(() -> RequestParameters.submission(list))
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.status()).isEqualTo(400))
                .hasMessageContaining(message);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            true  | true
            TRUE  | true
            false | false
            ''    | false
            """)
    void explainIsABoolean(String value, boolean explain) {
        assertThat(RequestParameters.explain(List.of(value))).isEqualTo(explain);
    }

    @ParameterizedTest
    @ValueSource(strings = {"yes", "1", "on"})
    void explainOtherwiseIsA400(String value) {
        assertThatThrownBy(() -> RequestParameters.explain(List.of(value))).isInstanceOf(ApiException.class);
    }

    @org.junit.jupiter.api.Test
    void theFormVariantTakesAParameterFromTheBodyOrTheQuery() {
        assertThat(RequestParameters.either(List.of("1"), List.of())).containsExactly("1");
        assertThat(RequestParameters.either(null, List.of("2"))).containsExactly("2");
        assertThat(RequestParameters.either(List.of("1"), List.of("2"))).containsExactly("1", "2");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', nullValues = "NULL", textBlock = """
            application/x-www-form-urlencoded                | true
            Application/X-WWW-Form-Urlencoded ; charset=UTF-8 | true
            application/octet-stream                         | false
            application/x-www-form-urlencoded-but-not        | false
            NULL                                             | false
            """)
    void onlyAFormBodyIsAForm(String contentType, boolean form) {
        assertThat(RequestParameters.isForm(contentType)).isEqualTo(form);
    }
}
