package org.submission.policy.service;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.submission.policy.doi.OpenCopies;
import org.submission.policy.doi.OpenCopies.Copy;
import org.submission.policy.rules.RuleSet.Requirement;

class VerdictsTest {

    private static final List<String> PMC = List.of("www.ncbi.nlm.nih.gov/pmc/", "pmc.ncbi.nlm.nih.gov/", "europepmc.org/");
    private static final Requirement NIH_2024 = new Requirement(10, List.of("acceptedVersion", "publishedVersion"), 0);
    private static final Requirement NIH_2008 = new Requirement(10, List.of("acceptedVersion", "publishedVersion"), 12);
    private static final PolicyEntry POLICY = new PolicyEntry("24", PolicyEntry.FUNDER, null);

    private static String verdict(Requirement requires, String url, String version, String oaDate) {
        OpenCopies copies = new OpenCopies(List.of(new Copy(url, null, version, "cc-by", oaDate)), "2025-09-01");
        return (String) Verdicts.verdict(POLICY, requires, PMC, List.of(), copies, null).get("verdict");
    }

    @ParameterizedTest(name = "{0}: 2024 {4}, 2008 {5}")
    @CsvSource(delimiter = '|', nullValues = "-", textBlock = """
            PMC accepted manuscript, open at publication  | https://pmc.ncbi.nlm.nih.gov/articles/PMC123/    | acceptedVersion  | 2025-09-01 | satisfied | satisfied
            Europe PMC published version, open earlier    | https://europepmc.org/article/PMC/PMC123         | publishedVersion | 2025-08-15 | satisfied | satisfied
            the publisher's copy                          | https://journal.example.org/article/123.pdf     | publishedVersion | 2025-09-01 | deposit   | deposit
            a preprint in PMC                             | https://pmc.ncbi.nlm.nih.gov/articles/PMC124/    | submittedVersion | 2025-09-01 | deposit   | deposit
            PMC copy embargoed six months                 | https://www.ncbi.nlm.nih.gov/pmc/articles/PMC9/ | acceptedVersion  | 2026-03-01 | deposit   | satisfied
            PMC copy embargoed thirteen months            | https://www.ncbi.nlm.nih.gov/pmc/articles/PMC9/ | acceptedVersion  | 2026-10-02 | deposit   | deposit
            PMC copy whose open day is unknown            | https://pmc.ncbi.nlm.nih.gov/articles/PMC125/    | acceptedVersion  | -          | deposit   | deposit
            a host that only starts like PMC's            | https://pmc.ncbi.nlm.nih.gov.example.org/x      | acceptedVersion  | 2025-09-01 | deposit   | deposit
            """)
    void aCopySatisfiesAPolicyByItsRepositoryVersionAndEmbargo(String what, String url, String version, String oaDate,
                                                               String under2024, String under2008) {
        assertThat(verdict(NIH_2024, url, version, oaDate)).as(what).isEqualTo(under2024);
        assertThat(verdict(NIH_2008, url, version, oaDate)).as(what).isEqualTo(under2008);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', nullValues = "-", textBlock = """
            the DOI service unavailable | -                   | the DOI service is unreachable | the DOI service is unreachable
            a missing accepted date     | no accepted date () | -                              | no accepted date ()
            """)
    void undecidedSaysWhy(String what, String undecided, String unavailable, String why) {
        PolicyEntry entry = new PolicyEntry("24", PolicyEntry.FUNDER, undecided, null);
        Map<String, Object> answer = Verdicts.verdict(entry, NIH_2024, PMC, List.of(), new OpenCopies(List.of(), null), unavailable);
        assertThat(answer).containsEntry("verdict", "undecided").containsEntry("why", why);
    }

    @org.junit.jupiter.api.Test
    void aPolicyWithoutRequirementsIsADepositToItsRepositories() {
        Map<String, Object> answer = Verdicts.verdict(new PolicyEntry("22", PolicyEntry.INSTITUTION, null), null, List.of(),
                List.of(12L), new OpenCopies(List.of(), null), "the DOI service is unreachable");
        assertThat(answer).containsEntry("verdict", "deposit").containsEntry("deposit", Map.of("repositories", List.of("12")))
                .doesNotContainKey("requires");
    }
}
