package org.submission.doi.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

class DoiTest {

    @ParameterizedTest(name = "[{index}] \"{0}\" -> {1}")
    @CsvSource(delimiter = '|', ignoreLeadingAndTrailingWhitespace = false, value = {
        "10.4137/cmc.s38446|10.4137/cmc.s38446",
        "http://dx.doi.org/10.4137/cmc.s38446|10.4137/cmc.s38446",
        "https://dx.doi.org/10.4137/cmc.s38446|10.4137/cmc.s38446",
        "dx.doi.org/10.4137/cmc.s38446|10.4137/cmc.s38446",
        "https://doi.org/10.1000/xyz123|10.1000/xyz123",
        "HTTPS://DOI.ORG/10.1000/xyz123|10.1000/xyz123",
        "http://example.org/path/doi.org/10.1000/xyz|10.1000/xyz",
        "doi:10.1000/xyz123|10.1000/xyz123",
        "DOI:10.1000/xyz123|10.1000/xyz123",
        "10.1000/ABC(2001)1:2;x-y_z.v|10.1000/ABC(2001)1:2;x-y_z.v",
        "10.1000.5/abc|10.1000.5/abc",
        "10.123456789/abc|10.123456789/abc",
        "10.1002/(SICI)1097-4636(199812)42:3<367::AID-JBM5>3.0.CO;2-M|10.1002/(SICI)1097-4636(199812)42:3<367::AID-JBM5>3.0.CO;2-M",
        "10.1000/café|10.1000/café",
        "10.1000/a/b.c/..d|10.1000/a/b.c/..d",
        "10.1000/a;../b|10.1000/a;../b",
        "10.1000/;x|10.1000/;x",
        "10.1000/ab%2Fc|10.1000/ab%2Fc",
    })
    void acceptsAndNormalises(String input, String normalised) {
        assertThat(Doi.parse(input)).map(Doi::value).contains(normalised);
    }

    @ParameterizedTest
    @ValueSource(strings = {"  10.1000/xyz123\t", "\n https://doi.org/10.1000/xyz123 \r\n", "\u2003doi:10.1000/xyz123"})
    void trimsSurroundingWhitespace(String input) {
        assertThat(Doi.parse(input)).map(Doi::value).contains("10.1000/xyz123");
    }

    @ParameterizedTest(name = "[{index}] \"{0}\"")
    @NullAndEmptySource
    @ValueSource(strings = {
        "moo", "   ", "4137/cmc.s38446", "10.123/abc", "10.1234567890/abc", "10.abcd/x", "11.1000/x", "10.1000",
        "10.1000/", "10.1000.x/abc", "10.1000./abc", "10.1000/a b", "10.1000/a\tb", "10.1000/a\u00a0b",
        "10.1000/ab\u0000c", "10.1000/ab\u007fc", "10.1000/ab\u202ec", "10.١٢٣٤/x",
        "https://doi.org/https://doi.org/10.1000/x", "doi: 10.1000/x", "doi:doi:10.1000/x",
        "10.1000/../../members", "10.1000/..", "10.1000/.", "10.1000/a/./b", "10.1000/a/../b",
        "10.1000/..;", "10.1000/..;x/members", "10.1000/.;x", "10.1000/a/..;/b", "10.1000/;/..;a=1",
    })
    void rejects(String input) {
        assertThat(Doi.parse(input)).isEmpty();
    }

    @Test
    void boundsTheLength() {
        String prefix = "10.1000/";
        assertThat(Doi.parse(prefix + "x".repeat(Doi.MAX_LENGTH - prefix.length()))).isPresent();
        assertThat(Doi.parse(prefix + "x".repeat(Doi.MAX_LENGTH - prefix.length() + 1))).isEmpty();
    }

    @Test
    void keysOnTheLowerCasedValueAndKeepsTheCallersCase() {
        Doi doi = Doi.parse("https://doi.org/10.4137/CMC.S38446").orElseThrow();
        assertThat(doi.value()).isEqualTo("10.4137/CMC.S38446");
        assertThat(doi.key()).isEqualTo("10.4137/cmc.s38446");
    }

    @ParameterizedTest(name = "[{index}] {0} / {1}")
    @CsvSource(delimiter = '|', value = {
        "10.1234/\u212Aelvin|10.1234/kelvin",
        "10.1234/\u0130d|10.1234/i\u0307d",
        "10.1234/\u00C5|10.1234/\u00E5",
    })
    void foldsAsciiLettersOnlySoDifferentDoisNeverShareAKey(String one, String other) {
        assertThat(Doi.parse(one).orElseThrow().key()).isNotEqualTo(Doi.parse(other).orElseThrow().key());
    }

    @Test
    void keysAsciiCaseVariantsAlike() {
        assertThat(Doi.parse("10.1234/\u212AELVIN-ABC").orElseThrow().key()).isEqualTo("10.1234/\u212Aelvin-abc");
    }

    @Test
    void findsTheResolverBehindCharactersWhoseLowerCaseIsLonger() {
        assertThat(Doi.parse("\u0130\u0130\u0130doi.org/10.1000/xyz")).map(Doi::value).contains("10.1000/xyz");
    }

    static Stream<Arguments> encodings() {
        return Stream.of(
                Arguments.of("10.4137/cmc.s38446", "10.4137/cmc.s38446"),
                Arguments.of("10.1000/ABC(2001)1:2;x-y_z.v", "10.1000/ABC(2001)1:2;x-y_z.v"),
                Arguments.of("10.1002/(SICI)42:3<367::AID>3.0.CO;2-M", "10.1002/(SICI)42:3%3C367::AID%3E3.0.CO;2-M"),
                Arguments.of("10.1000/a?b#c", "10.1000/a%3Fb%23c"),
                Arguments.of("10.1000/100%", "10.1000/100%25"),
                Arguments.of("10.1000/café", "10.1000/caf%C3%A9"),
                Arguments.of("10.1000/a\"b{c}|d\\e^f`g[h]", "10.1000/a%22b%7Bc%7D%7Cd%5Ce%5Ef%60g%5Bh%5D"),
                Arguments.of("10.1000/a/b", "10.1000/a/b"));
    }

    @ParameterizedTest
    @MethodSource("encodings")
    void percentEncodesEachPathSegmentAndKeepsSlashes(String doi, String path) {
        assertThat(Doi.parse(doi).orElseThrow().pathEncoded()).isEqualTo(path);
    }
}
