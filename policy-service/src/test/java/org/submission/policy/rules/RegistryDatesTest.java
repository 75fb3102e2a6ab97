package org.submission.policy.rules;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDate;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.submission.policy.rules.RulesDocument.NamedDate;
import org.submission.policy.rules.RulesDocument.Source;

/** The registry's dates as date sources: when they are reached, which day they give, and what a failed read says. */
class RegistryDatesTest {

    private static final List<NamedDate> ACCEPTED = List.of(new NamedDate("accepted", List.of(new Source("metadata.acceptedDate", false),
            new Source("registry.accepted", false), new Source("submittedDate", true))));

    private static SubmissionDates dates(String acceptedInPass, RegistryDates registry) {
        return new SubmissionDates(ACCEPTED, field -> field.equals("acceptedDate") ? acceptedInPass : null,
                LocalDate.parse("2025-12-01"), registry);
    }

    private static Map<String, String> publication(String print, String online) {
        Map<String, String> dates = new HashMap<>();
        dates.put("published-print", print);
        dates.put("published-online", online);
        return dates;
    }

    @Test
    void aDateInPassNeverReachesTheRegistry() {
        RegistryDates probe = RegistryDates.unread();
        dates("2025-08-01", probe).get(0);
        assertThat(probe.asked()).isFalse();
    }

    @Test
    void aDatePassLacksReachesTheRegistry() {
        RegistryDates probe = RegistryDates.unread();
        dates(null, probe).get(0);
        assertThat(probe.asked()).isTrue();
    }

    @Test
    void theRegistrysDateComesBeforeTheLaterSources() {
        assertThat(dates(null, RegistryDates.of(Map.of("accepted", "2025-08-02"))).get(0).describe())
                .isEqualTo("2025-08-02 from registry.accepted");
    }

    @Test
    void anUnreadableRecordLeavesTheDateMissingWithTheReasonRatherThanTakeALaterSource() {
        SubmissionDates dates = dates(null, RegistryDates.unreadable("the DOI service is unreachable"));
        assertThat(dates.get(0)).isNull();
        assertThat(dates.missing(0)).isEqualTo("no accepted date: the registry record could not be read (the DOI service is unreachable)");
    }

    @ParameterizedTest(name = "print {0}, online {1}: {2}")
    @CsvSource(nullValues = "-", textBlock = """
            2025-10-05, 2025-09-14, 2025-09-14
            2025-09-01, 2025-09-14, 2025-09-01
            -,          2025-09-14, 2025-09-14
            2025-10,    2025-09-14, 2025-09-14
            2025-09,    2025-09-14, -
            2025,       -,          -
            -,          -,          -
            """)
    void publishedIsTheEarlierOfPrintAndOnlineWhenThatIsKnownToTheDay(String print, String online, String published) {
        assertThat(RegistryDates.of(publication(print, online)).day("published"))
                .isEqualTo(published == null ? null : LocalDate.parse(published));
    }

    @Test
    void aVersionOneFileMayNameTheRegistrysDates() {
        RuleSet rules = TestRules.resolved(TestRules.NIH.replace("metadata.publicationDate, submittedDate",
                "registry.accepted, registry.published, submittedDate"));
        assertThat(rules.dates().get(0).sources()).extracting(Source::source)
                .containsExactly("metadata.acceptedDate", "registry.accepted", "registry.published", "submittedDate");
    }
}
