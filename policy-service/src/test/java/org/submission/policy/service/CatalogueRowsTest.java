package org.submission.policy.service;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.submission.platform.security.Caller;
import org.submission.policy.repository.SubmissionGraph;
import org.submission.policy.repository.SubmissionGraph.FunderRoute;
import org.submission.policy.rules.Catalogue;
import org.submission.policy.rules.RegistryDates;

/**
 * Every dated row of the shipped catalogue decided on the anchor the funder survey gives it: both
 * sides of its date, the date missing, an approximate stand-in; the undated rows always; a child
 * funder and two funders on one submission. "funder" is the PASS funder's own policy.
 */
class CatalogueRowsTest {

    private static final Caller BACKEND = new Caller("backend", true, null, Set.of(), Set.of());
    private static final long FUNDER_POLICY = 99;
    private static final long GRANT = 40;
    private static final LocalDate GRANT_END = LocalDate.parse("2030-01-01");

    /** key | funder | anchor | first day | the policy the day before | what the missing date is called */
    private static final String DATED = """
            nih-2024      | nih      | accepted      | 2025-07-01 | nih-2008  | no accepted date (metadata.acceptedDate, metadata.publicationDate, registry.accepted)
            ahrq-2024     | ahrq     | grant.awarded | 2024-12-18 | ahrq-2016 | no award date for grant 40
            cdc-2024      | cdc      | grant.awarded | 2024-04-09 | funder    | no award date for grant 40
            fda-2015      | fda      | grant.awarded | 2015-12-29 | funder    | no award date for grant 40
            doe-2023      | doe      | published     | 2024-10-01 | funder    | no published date (metadata.publicationDate)
            nsf-2026      | nsf      | grant.awarded | 2026-01-22 | nsf-2016  | no award date for grant 40
            usda-2026     | usda     | published     | 2026-04-07 | usda-2022 | no published date (metadata.publicationDate)
            usda-2022     | usda     | published     | 2022-10-01 | funder    | no published date (metadata.publicationDate)
            noaa-2015     | noaa     | grant.started | 2015-10-01 | funder    | no start date for grant 40
            wellcome-2021 | wellcome | submitted     | 2021-01-01 | funder    | no submitted date (metadata.journalSubmittedDate, submittedDate)
            hhmi-2026     | hhmi     | submitted     | 2026-01-01 | hhmi-2022 | no submitted date (metadata.journalSubmittedDate, submittedDate)
            gates-2025    | gates    | submitted     | 2025-01-01 | funder    | no submitted date (metadata.journalSubmittedDate, submittedDate)
            ukri-2022     | ukri     | submitted     | 2022-04-01 | funder    | no submitted date (metadata.journalSubmittedDate, submittedDate)
            """;

    /** The funders' grants, each with the dates given by anchor name; the submitted column only for "submittedDate". */
    private static SubmissionGraph graph(Map<String, LocalDate> days, String... funders) {
        List<FunderRoute> routes = new ArrayList<>();
        for (String funder : funders) {
            routes.add(new FunderRoute(GRANT + routes.size(), Catalogue.funderOf(funder), "primary", FUNDER_POLICY, GRANT_END,
                    days.get("grant.awarded"), days.get("grant.started")));
        }
        StringBuilder metadata = new StringBuilder("{\"title\": \"t\"");
        Map<String, String> fields = Map.of("accepted", "acceptedDate", "published", "publicationDate",
                "submitted", "journalSubmittedDate", "metadata.publicationDate", "publicationDate");
        days.forEach((anchor, day) -> {
            if (fields.containsKey(anchor)) {
                metadata.append(", \"").append(fields.get(anchor)).append("\": \"").append(day).append('"');
            }
        });
        return new SubmissionGraph(60, 1L, List.of(), Set.of(), routes, null, List.of(), metadata.append('}').toString(),
                days.get("submittedDate"));
    }

    private static List<PolicyEntry> entries(SubmissionGraph graph) {
        return PolicyRules.applicablePolicies(graph, BACKEND, null, true, Catalogue.RULES);
    }

    /** The decided policies, by id. */
    private static Set<Long> decided(SubmissionGraph graph) {
        return entries(graph).stream().filter(entry -> entry.undecided() == null).map(entry -> Long.parseLong(entry.id()))
                .collect(Collectors.toSet());
    }

    private static long policy(String keyOrFunder) {
        return keyOrFunder.equals("funder") ? FUNDER_POLICY : Catalogue.policyOf(keyOrFunder);
    }

    @ParameterizedTest(name = "{0}: {2} from {3}")
    @CsvSource(delimiter = '|', textBlock = DATED)
    void aDatedRowAppliesFromItsFirstDay(String key, String funder, String anchor, LocalDate from, String before, String missing) {
        assertThat(decided(graph(Map.of(anchor, from), funder))).as(key).containsExactly(policy(key));
        assertThat(decided(graph(Map.of(anchor, from.plusYears(1)), funder))).as(key).containsExactly(policy(key));
    }

    @ParameterizedTest(name = "{0}: the day before {3}, {4}")
    @CsvSource(delimiter = '|', textBlock = DATED)
    void theDayBeforeADatedRowGivesThePolicyBefore(String key, String funder, String anchor, LocalDate from, String before,
                                                   String missing) {
        assertThat(decided(graph(Map.of(anchor, from.minusDays(1)), funder))).as(key).containsExactly(policy(before));
    }

    @ParameterizedTest(name = "{0}: without its {2}")
    @CsvSource(delimiter = '|', textBlock = DATED)
    void aDatedRowWithoutItsDateIsUndecidedNamingIt(String key, String funder, String anchor, LocalDate from, String before,
                                                    String missing) {
        List<PolicyEntry> entries = entries(graph(Map.of(), funder));
        assertThat(entries).as(key).extracting(entry -> Long.parseLong(entry.id())).contains(policy(key));
        assertThat(entries).as(key).extracting(PolicyEntry::undecided).containsOnly(missing);
    }

    @ParameterizedTest(name = "{0}: {2} from {3}")
    @CsvSource(delimiter = '|', textBlock = """
            nih-2024      | nih      | accepted  | metadata.publicationDate | 2025-07-01
            wellcome-2021 | wellcome | submitted | submittedDate            | 2021-01-01
            hhmi-2026     | hhmi     | submitted | submittedDate            | 2026-01-01
            gates-2025    | gates    | submitted | submittedDate            | 2025-01-01
            ukri-2022     | ukri     | submitted | submittedDate            | 2022-04-01
            """)
    void aDateFromAnApproximateSourceDecidesAndIsSaidSo(String key, String funder, String anchor, String source, LocalDate day) {
        List<PolicyEntry> entries = entries(graph(Map.of(source, day), funder));
        assertThat(entries).as(key).hasSize(1);
        assertThat(entries.get(0).id()).as(key).isEqualTo(String.valueOf(policy(key)));
        assertThat(entries.get(0).reasons().get(0)).as(key).containsEntry("key", key)
                .containsEntry("approximate", anchor + " from " + source);
    }

    @ParameterizedTest(name = "NIH accepted {0} by the registry: {1}")
    @CsvSource(delimiter = '|', textBlock = """
            2025-06-30 | nih-2008
            2025-08-18 | nih-2024
            """)
    void theRegistrysAcceptedDateDecidesNihWhenPassHasNoDate(String accepted, String key) {
        List<PolicyEntry> entries = PolicyRules.applicablePolicies(graph(Map.of(), "nih"), BACKEND, null, true, Catalogue.RULES,
                RegistryDates.of(Map.of("accepted", accepted)));
        assertThat(entries).extracting(PolicyEntry::id).containsExactly(String.valueOf(policy(key)));
        assertThat(entries.get(0).undecided()).isNull();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            nasa-2023 | nasa
            dod-2025  | dod
            nist-2015 | nist
            """)
    void anUndatedRowAppliesWithoutAnyDate(String key, String funder) {
        assertThat(decided(graph(Map.of(), funder))).containsExactly(policy(key));
    }

    @ParameterizedTest(name = "NCI accepted {0}: {1}")
    @CsvSource(delimiter = '|', textBlock = """
            2025-06-30 | nih-2008
            2025-07-01 | nih-2024
            """)
    void anNciGrantGetsNihsPolicies(LocalDate accepted, String key) {
        assertThat(decided(graph(Map.of("accepted", accepted), "nci"))).containsExactly(policy(key));
    }

    @ParameterizedTest(name = "{0} and {1}: {3} and {4}")
    @CsvSource(delimiter = '|', textBlock = """
            nsf | doe      | 2026-02-01 | nsf-2026 | doe-2023
            nsf | doe      | 2024-09-30 | nsf-2016 | funder
            nih | wellcome | 2025-08-01 | nih-2024 | wellcome-2021
            """)
    void twoFundersOnOneSubmissionEachGiveTheirPolicy(String first, String second, LocalDate day, String one, String other) {
        Map<String, LocalDate> days = Map.of("grant.awarded", day, "published", day, "accepted", day, "submitted", day);
        assertThat(decided(graph(days, first, second))).containsExactlyInAnyOrder(policy(one), policy(other));
    }
}
