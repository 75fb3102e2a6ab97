package org.submission.policy.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.submission.policy.rules.VersionTwoRules.NCI_FUNDER;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.submission.policy.doi.RegistryRecord;
import org.submission.policy.rules.RuleSet;
import org.submission.policy.rules.VersionTwoRules;

/**
 * The registry's funders, in Crossref's shapes, matched to the catalogue's on a submission whose
 * one grant is NCI's: by Funder DOI, deprecated Funder DOI, ROR id alone, name alone, a child
 * funder, none; and a list of 500 read as its first 100.
 */
class AcknowledgedFundersTest {

    private static final RuleSet RULES = VersionTwoRules.resolved(VersionTwoRules.NSF
            .replace("funder-ids: [\"10.13039/100000001\"]}", "funder-ids: [\"10.13039/100000001\"], ror: [\"https://ror.org/021nxhr62\"]}")
            .replace("repositories:\n", "  wellcome: {names: [\"Wellcome Trust\"], funder-ids: [\"10.13039/100010269\", \"10.13039/100004440\"]}\n"
                    + "repositories:\n"));
    private static final Set<Long> NCI_GRANT = Set.of(NCI_FUNDER);
    private static final ObjectMapper JSON = new ObjectMapper();

    private static RegistryRecord record(String funders) {
        try {
            return JSON.readValue("{\"doi\": \"10.5555/x\", \"funders\": " + funders + ", \"funders-cut\": false}", RegistryRecord.class);
        } catch (IOException e) {
            throw new IllegalArgumentException(e);
        }
    }

    private static List<AcknowledgedFunders.Acknowledged> acknowledged(String funders) {
        return AcknowledgedFunders.match(RULES.funderCatalogue(), record(funders).funders(), NCI_GRANT);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', nullValues = "-", textBlock = """
            by Funder DOI  | {"DOI": "10.13039/100000001", "name": "National Science Foundation", "doi-asserted-by": "crossref", "id": [{"id": "10.13039/100000001", "id-type": "DOI", "asserted-by": "crossref"}], "award": ["2045678"]} | nsf | NSF Public Access Policy (2026);NSF Public Access Policy | false
            deprecated DOI | {"DOI": "10.13039/100004440", "name": "Wellcome", "doi-asserted-by": "publisher", "award": ["203141/Z/16/Z"]} | wellcome | - | false
            ROR id alone   | {"id": [{"id": "https://ror.org/021nxhr62", "id-type": "ROR", "asserted-by": "publisher"}], "award": ["2045678"]} | nsf | NSF Public Access Policy (2026);NSF Public Access Policy | false
            name alone     | {"name": "  national institutes of   HEALTH ", "id": [], "award": []} | nih | NIH Public Access Policy (2024);NIH Public Access Policy (2008) | true
            a child funder | {"DOI": "10.13039/100000054", "name": "National Cancer Institute", "award": ["CA123"]} | nci | NIH Public Access Policy (2024);NIH Public Access Policy (2008) | true
            a DOI address  | {"DOI": "https://doi.org/10.13039/100000001", "award": []} | nsf | NSF Public Access Policy (2026);NSF Public Access Policy | false
            no match       | {"DOI": "10.13039/501100000780", "name": "European Commission", "award": ["101000001"]} | - | - | false
            """)
    void eachRegistryFunderIsMatchedToTheCatalogue(String what, String funder, String key, String policies, boolean linked) {
        List<AcknowledgedFunders.Acknowledged> found = acknowledged("[" + funder + "]");
        assertThat(found).hasSize(1);
        Map<String, Object> answer = found.get(0).answer();
        assertThat(answer.get("funder")).isEqualTo(key);
        assertThat(answer.get("policies")).isEqualTo(policies == null ? List.of() : Arrays.asList(policies.split(";")));
        assertThat(answer.get("linked")).isEqualTo(linked);
    }

    @Test
    void aRorOnlyFunderKeepsItsRorAndAwardsWithoutAName() {
        Map<String, Object> answer = acknowledged("[{\"id\": [{\"id\": \"https://ror.org/021nxhr62\", \"id-type\": \"ROR\","
                + " \"asserted-by\": \"publisher\"}], \"award\": [\"2045678\"]}]").get(0).answer();
        assertThat(answer).containsEntry("name", null).containsEntry("funder-id", null)
                .containsEntry("ror", "https://ror.org/021nxhr62").containsEntry("awards", List.of("2045678"));
    }

    @Test
    void anUnmatchedFunderIsListedWithItsIdentifiers() {
        Map<String, Object> answer = acknowledged("[{\"DOI\": \"10.13039/501100000780\", \"name\": \"European Commission\","
                + " \"award\": [\"101000001\"]}]").get(0).answer();
        assertThat(answer).containsEntry("name", "European Commission").containsEntry("funder-id", "10.13039/501100000780")
                .containsEntry("awards", List.of("101000001")).containsEntry("funder", null);
    }

    @Test
    void aListOf500FundersIsReadAsItsFirst100() {
        List<String> funders = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
            funders.add("{\"name\": \"Funder " + i + "\", \"award\": [\"A" + i + "\"]}");
        }
        funders.set(0, "{\"DOI\": \"10.13039/100000001\", \"award\": []}");
        List<AcknowledgedFunders.Acknowledged> found = acknowledged("[" + String.join(",", funders) + "]");
        assertThat(found).hasSize(AcknowledgedFunders.MAX_FUNDERS);
        assertThat(found.get(0).match().key()).isEqualTo("nsf");
        assertThat(found.get(99).name()).isEqualTo("Funder 99");
    }

    @Test
    void anEntryWithNothingToKnowItByIsLeftOut() {
        assertThat(acknowledged("[{\"id\": [], \"award\": [\"X1\"]}, {\"name\": \"NSF\"}]")).extracting(a -> a.match().key())
                .containsExactly("nsf");
    }

    @Test
    void anExplainedPolicyAMatchedFunderWouldGetSaysSoAndTheListStays() {
        List<PolicyEntry> entries = List.of(
                new PolicyEntry(String.valueOf(VersionTwoRules.NIH_2024), PolicyEntry.FUNDER, List.of(Map.of("grant", "43"))),
                new PolicyEntry("99", PolicyEntry.FUNDER, List.of(Map.of("grant", "44"))));
        List<PolicyEntry> explained = AcknowledgedFunders.withReasons(entries,
                acknowledged("[{\"name\": \"National Cancer Institute\"}, {\"DOI\": \"10.13039/100000002\"}]"));
        assertThat(explained).extracting(PolicyEntry::id).containsExactly(String.valueOf(VersionTwoRules.NIH_2024), "99");
        assertThat(explained.get(0).reasons()).containsExactly(Map.of("grant", "43"), Map.of("acknowledged", "nci"),
                Map.of("acknowledged", "nih"));
        assertThat(explained.get(1).reasons()).containsExactly(Map.of("grant", "44"));
    }
}
