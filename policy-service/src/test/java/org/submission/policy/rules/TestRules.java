package org.submission.policy.rules;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * Rules files resolved against a fixed directory, for the pure tests: policies NIH 2008 (20),
 * NSF (21), the institutional policy (22), NIH 2024 (24); funders NIH (30) and NSF (31);
 * repositories PubMed Central (10) and Example Scholarship (12).
 */
public final class TestRules {

    public static final long NIH_2008 = 20;
    public static final long NSF = 21;
    public static final long INSTITUTIONAL = 22;
    public static final long NIH_2024 = 24;
    public static final long NIH_FUNDER = 30;
    public static final long NSF_FUNDER = 31;

    public static final RuleDirectory DIRECTORY = new RuleDirectory(
            Map.of("NIH Public Access Policy (2008)", List.of(NIH_2008), "NSF Public Access Policy", List.of(NSF),
                    "Example University Open Access Policy", List.of(INSTITUTIONAL),
                    "NIH Public Access Policy (2024)", List.of(NIH_2024), "id:24", List.of(NIH_2024),
                    "Twice", List.of(25L, 26L)),
            Map.of(NIH_2008, "NIH Public Access Policy (2008)", NIH_2024, "NIH Public Access Policy (2024)",
                    INSTITUTIONAL, "Example University Open Access Policy", NSF, "NSF Public Access Policy"),
            Map.of("National Institutes of Health", List.of(NIH_FUNDER), "example.edu:funder:nih", List.of(NIH_FUNDER),
                    "National Science Foundation", List.of(NSF_FUNDER)),
            Map.of(NIH_FUNDER, "National Institutes of Health", NSF_FUNDER, "National Science Foundation"),
            Map.of("PubMed Central", List.of(10L), "Example Scholarship", List.of(12L)),
            Map.of(10L, "PubMed Central", 12L, "Example Scholarship"),
            INSTITUTIONAL);

    /** The NIH example of the README: 2024 from 2025-07-01 under active grants, 2008 otherwise. */
    public static final String NIH = """
            version: 1
            dates:
              accepted: [metadata.acceptedDate, metadata.publicationDate, submittedDate]
            repositories:
              "PubMed Central": [www.ncbi.nlm.nih.gov/pmc/, pmc.ncbi.nlm.nih.gov/, europepmc.org/]
            policies:
              - policy: "NIH Public Access Policy (2024)"
                funders: ["National Institutes of Health"]
                when:
                  accepted: {from: 2025-07-01}
                  grant-active-on: accepted
                requires:
                  repository: "PubMed Central"
                  versions: [acceptedVersion, publishedVersion]
                  embargo-months: 0
              - policy: "NIH Public Access Policy (2008)"
                funders: ["National Institutes of Health"]
                when: otherwise
                requires: {repository: "PubMed Central", versions: [acceptedVersion, publishedVersion], embargo-months: 12}
            """;

    private TestRules() {
    }

    public static RuleSet resolved(String yaml) {
        return RuleResolver.resolve(RulesParser.parse(yaml.getBytes(StandardCharsets.UTF_8)), DIRECTORY);
    }
}
