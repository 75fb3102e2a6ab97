package org.submission.policy.service;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.submission.policy.doi.OpenCopies;
import org.submission.policy.doi.OpenCopies.Copy;
import org.submission.policy.rules.RuleSet.Requirement;

/** A version-2 requirement checked per copy: licence and version, each repository, and what a copy misses. */
class CopyMissesTest {

    private static final Map<Long, List<String>> PREFIXES = Map.of(10L, List.of("pmc.ncbi.nlm.nih.gov/"),
            11L, List.of("europepmc.org/"), 15L, List.of("www.biorxiv.org/"));
    private static final List<String> MANUSCRIPT = List.of("acceptedVersion", "publishedVersion");
    private static final Requirement WELLCOME = new Requirement(List.of(10L, 11L), MANUSCRIPT, List.of("cc-by"), 0,
            List.of("PubMed Central", "Europe PMC"), true);
    private static final Requirement PREPRINT = new Requirement(List.of(15L), List.of("submittedVersion"), List.of("cc-by"), 0,
            List.of("Preprint server"), true);
    private static final Requirement ANYWHERE = new Requirement(List.of(), MANUSCRIPT, List.of("cc-by", "cc-by-nd"), 0,
            List.of(), true);
    private static final PolicyEntry POLICY = new PolicyEntry("50", PolicyEntry.FUNDER, null);

    private static Map<String, Object> verdict(Requirement requires, Copy... copies) {
        return Verdicts.verdict(POLICY, requires, PREFIXES, List.of(), new OpenCopies(List.of(copies), "2025-09-01"), null);
    }

    private static Copy copy(String url, String version, String licence) {
        return new Copy(url, null, version, licence, "2025-09-01");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', nullValues = "-", textBlock = """
            a cc-by-nc copy                 | https://pmc.ncbi.nlm.nih.gov/articles/PMC1/ | acceptedVersion  | cc-by-nc | CC BY required, copy is cc-by-nc
            a copy without a licence        | https://pmc.ncbi.nlm.nih.gov/articles/PMC1/ | acceptedVersion  | -        | CC BY required, copy is without a licence
            a preprint                      | https://pmc.ncbi.nlm.nih.gov/articles/PMC1/ | submittedVersion | cc-by    | acceptedVersion or publishedVersion required, copy is submittedVersion
            a copy elsewhere                | https://journal.example.org/a/1             | publishedVersion | cc-by    | a copy in PubMed Central or Europe PMC required, copy is at journal.example.org
            """)
    void aCopyThatMissesARequirementIsSaidWhatItMisses(String what, String url, String version, String licence, String misses) {
        Map<String, Object> answer = verdict(WELLCOME, copy(url, version, licence));
        assertThat(answer).as(what).containsEntry("verdict", "deposit");
        assertThat(answer.get("copies")).as(what).isEqualTo(List.of(copyAnswer(url, version, licence, misses)));
    }

    @Test
    void everyRequiredRepositoryNeedsACopy() {
        Copy pmc = copy("https://pmc.ncbi.nlm.nih.gov/articles/PMC1/", "acceptedVersion", "cc-by");
        assertThat(verdict(WELLCOME, pmc)).containsEntry("verdict", "deposit")
                .containsEntry("deposit", Map.of("repository", "11", "versions", MANUSCRIPT, "licences", List.of("cc-by")));
        assertThat(verdict(WELLCOME, pmc, copy("https://europepmc.org/article/PMC/PMC1", "publishedVersion", "cc-by")))
                .containsEntry("verdict", "satisfied");
    }

    @Test
    void aCcByPreprintOnTheServerSatisfiesAPreprintPolicy() {
        assertThat(verdict(PREPRINT, copy("https://www.biorxiv.org/content/10.1101/1", "submittedVersion", "cc-by")))
                .containsEntry("verdict", "satisfied");
        assertThat(verdict(PREPRINT, copy("https://www.biorxiv.org/content/10.1101/1", "acceptedVersion", "cc-by")))
                .containsEntry("verdict", "deposit");
    }

    @Test
    void aRequirementNamingNoRepositoryIsSatisfiedByACopyAnywhere() {
        Map<String, Object> answer = verdict(ANYWHERE, copy("https://journal.example.org/a/1", "publishedVersion", "cc-by-nd"));
        assertThat(answer).containsEntry("verdict", "satisfied");
        assertThat(answer.get("requires").toString()).doesNotContain("repositor");
        assertThat(verdict(ANYWHERE, copy("https://journal.example.org/a/1", "publishedVersion", "cc-by-nc")).get("copies"))
                .isEqualTo(List.of(copyAnswer("https://journal.example.org/a/1", "publishedVersion", "cc-by-nc",
                        "CC BY or CC BY-ND required, copy is cc-by-nc")));
    }

    private static Map<String, String> copyAnswer(String url, String version, String licence, String misses) {
        Map<String, String> expected = new java.util.LinkedHashMap<>();
        expected.put("url", url);
        expected.put("version", version);
        expected.put("licence", licence);
        expected.put("misses", misses);
        return expected;
    }
}
