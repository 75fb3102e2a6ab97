package org.submission.policy.rules;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.submission.policy.rules.RuleDirectory.FunderRecord;

/**
 * Version-2 rules files resolved against a fixed directory, for the pure tests: policies NIH 2008
 * (20), NSF (21), NIH 2024 (24), NSF 2026 (41), NCI's own (42); PASS funders NIH (30), NSF (31),
 * NCI (33, its name spaced and cased otherwise than the table's) and one known by its local key
 * (34); repositories PubMed Central (10) and the NSF Public Access Repository (14).
 */
public final class VersionTwoRules {

    public static final long NIH_2008 = 20;
    public static final long NSF_2016 = 21;
    public static final long NIH_2024 = 24;
    public static final long NSF_2026 = 41;
    public static final long NCI_OWN = 42;
    public static final long NIH_FUNDER = 30;
    public static final long NSF_FUNDER = 31;
    public static final long NCI_FUNDER = 33;
    public static final long LOCAL_KEY_FUNDER = 34;

    public static final RuleDirectory DIRECTORY = new RuleDirectory(
            Map.of("NIH Public Access Policy (2008)", List.of(NIH_2008), "NSF Public Access Policy", List.of(NSF_2016),
                    "NIH Public Access Policy (2024)", List.of(NIH_2024), "NSF Public Access Policy (2026)", List.of(NSF_2026),
                    "NCI Policy", List.of(NCI_OWN)),
            Map.of(NIH_2008, "NIH Public Access Policy (2008)", NSF_2016, "NSF Public Access Policy",
                    NIH_2024, "NIH Public Access Policy (2024)", NSF_2026, "NSF Public Access Policy (2026)", NCI_OWN, "NCI Policy"),
            Map.of(), Map.of(),
            Map.of("PubMed Central", List.of(10L), "NSF Public Access Repository", List.of(14L)),
            Map.of(10L, "PubMed Central", 14L, "NSF Public Access Repository"),
            null,
            List.of(new FunderRecord(NIH_FUNDER, "National Institutes of Health", "example.edu:funder:nih"),
                    new FunderRecord(NSF_FUNDER, "National Science Foundation", null),
                    new FunderRecord(NCI_FUNDER, " national  CANCER institute", null),
                    new FunderRecord(LOCAL_KEY_FUNDER, "Some Other Name", "example.edu:funder:nsf-2")));

    /** The NSF example of the README, with NIH's pair and NCI under NIH. */
    public static final String NSF = """
            version: 2
            dates:
              accepted:  [metadata.acceptedDate, {source: metadata.publicationDate, approximate: true}]
              published: [metadata.publicationDate]
              submitted: [metadata.journalSubmittedDate, {source: submittedDate, approximate: true}]
            funders:
              nih: {names: ["National Institutes of Health", "NIH"], funder-ids: ["10.13039/100000002"], ror: ["https://ror.org/01cwqze88"]}
              nci: {names: ["National Cancer Institute"], funder-ids: ["10.13039/100000054"], parent: nih}
              nsf: {names: ["National Science Foundation", "NSF"], local-keys: ["example.edu:funder:nsf-2"], funder-ids: ["10.13039/100000001"]}
            repositories:
              "PubMed Central": [pmc.ncbi.nlm.nih.gov/]
              "NSF Public Access Repository": {prefixes: [par.nsf.gov/], key: nsf-par, url: "https://par.nsf.gov/", integration-type: web-link}
            policies:
              - key: nsf-2026
                policy: "NSF Public Access Policy (2026)"
                funders: [nsf]
                when:
                  grant.awarded: {from: 2026-01-22}
                requires:
                  repository: "NSF Public Access Repository"
                  versions: [acceptedVersion, publishedVersion]
                  embargo-months: 0
                source: {url: "https://www.nsf.gov/policies/document/pappg24-1-supplement-2", checked: 2026-11-30}
                disputed:
                  - {url: "https://www.chorusaccess.org/resources/chorus-funder-participants/", says: "awards from 2026-12-31"}
              - key: nsf-2016
                policy: "NSF Public Access Policy"
                funders: [nsf]
                when: otherwise
                requires: {repository: "NSF Public Access Repository", versions: [acceptedVersion, publishedVersion], embargo-months: 12}
                source: {url: "https://libguides.brown.edu/NSFPolicy", checked: 2026-11-30, confidence: unverified}
              - key: nih-2024
                policy: "NIH Public Access Policy (2024)"
                funders: [nih]
                when:
                  accepted: {from: 2025-07-01}
                  grant-active-on: accepted
                requires: {repository: "PubMed Central", versions: [acceptedVersion, publishedVersion], licences: [cc-by, cc0], embargo-months: 0}
                source: {url: "https://grants.nih.gov/grants/guide/notice-files/NOT-OD-25-101.html", checked: 2025-11-30}
              - key: nih-2008
                policy: "NIH Public Access Policy (2008)"
                funders: [nih]
                when: otherwise
                requires: {repository: "PubMed Central", versions: [acceptedVersion, publishedVersion], embargo-months: 12}
                source: {url: "https://libguides.brown.edu/NIHPolicy", checked: 2026-11-30}
            """;

    private VersionTwoRules() {
    }

    public static RuleSet resolved(String yaml) {
        return RuleResolver.resolve(RulesParser.parse(yaml.getBytes(StandardCharsets.UTF_8)), DIRECTORY);
    }
}
