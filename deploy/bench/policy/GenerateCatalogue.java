import java.io.PrintStream;

/**
 * Writes, to standard output, a version-2 rules file shaped as deploy/policies/catalogue.yaml is,
 * over the data set of GenerateSeed.java: a funder table of 50 funders with Crossref Funder IDs and
 * RORs (funders 26-50 the children of funders 1-25, which get their parents' rules), three named
 * dates with an approximate source each, and for each of funders 1-25 a dated rule (anchored in
 * turn on the grant's award, the publication and the acceptance) and an "otherwise" rule, each
 * with its key, source, requirements (repository, versions, licences, embargo) and, for one in
 * three, a dispute; and the URL prefixes of each repository the rules require. As many rules as the catalogue holds and more funders, so that a submission
 * of this data set (1-5 grants, up to 10 funders) meets the catalogue's per-request work or more.
 * Deterministic.
 *
 *   java deploy/bench/policy/GenerateCatalogue.java > catalogue.yaml
 */
public class GenerateCatalogue {

    private static final String[] ANCHORS = {"grant.awarded", "published", "accepted"};

    public static void main(String[] args) {
        PrintStream out = System.out;
        out.println("version: 2");
        out.println("dates:");
        out.println("  accepted: [metadata.acceptedDate, {source: submittedDate, approximate: true}]");
        out.println("  published: [metadata.publicationDate, {source: metadata.acceptedDate, approximate: true}]");
        out.println("  submitted: [metadata.journalSubmittedDate, {source: submittedDate, approximate: true}]");
        out.println("missing-records: inactive");
        out.println("funders:");
        for (int funder = 1; funder <= 50; funder++) {
            out.println("  f" + funder + ":");
            out.println("    names: [\"Funder " + funder + "\"]");
            out.println("    funder-ids: [\"10.13039/1000" + String.format("%05d", funder) + "\"]");
            out.println("    ror: [\"https://ror.org/0" + String.format("%08d", funder) + "\"]");
            if (funder > 25) {
                out.println("    parent: f" + (funder - 25));
            }
        }
        out.println("policies:");
        for (int funder = 1; funder <= 25; funder++) {
            String anchor = ANCHORS[funder % ANCHORS.length];
            out.println("  - key: f" + funder + "-2026");
            out.println("    policy: \"Funder Policy " + (1 + funder * 7 % 49) + "\"");
            out.println("    funders: [f" + funder + "]");
            out.println("    when: {" + anchor + ": {from: 2025-01-01}}");
            out.println("    requires: {repository: \"Repository " + (1 + funder % 60) + "\", versions: [acceptedVersion, publishedVersion],"
                    + " licences: [cc-by, cc0], embargo-months: 0}");
            out.println("    source: {url: \"https://funder" + funder + ".example.org/policy-2026\", checked: 2026-11-30}");
            if (funder % 3 == 0) {
                out.println("    disputed:");
                out.println("      - {url: \"https://guide.example.org/funder" + funder + "\", says: \"from 2025-06-01\"}");
            }
            out.println("  - key: f" + funder + "-2016");
            out.println("    policy: \"Funder Policy " + (1 + funder * 11 % 49) + "\"");
            out.println("    funders: [f" + funder + "]");
            out.println("    when: otherwise");
            out.println("    requires: {repository: \"Repository " + (1 + funder % 60) + "\", versions: [acceptedVersion, publishedVersion],"
                    + " embargo-months: 12}");
            out.println("    source: {url: \"https://funder" + funder + ".example.org/policy-2016\", checked: 2026-11-30,"
                    + " confidence: unverified}");
        }
        // every repository a rule requires, with the prefixes that recognise an open copy there
        // (a version-2 file naming a repository without them is refused)
        out.println("repositories:");
        for (int funder = 1; funder <= 25; funder++) {
            int repository = 1 + funder % 60;
            out.println("  \"Repository " + repository + "\":");
            out.println("    prefixes: [repository" + repository + ".example.org/]");
        }
    }
}
