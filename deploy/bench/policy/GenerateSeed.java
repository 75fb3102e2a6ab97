import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.StringJoiner;

/**
 * Writes the policy benchmark's data set as a seed file (the format of the shared seed loader) to
 * standard output: 10,000 submissions with 1-5 grants each, over 200 funders and 50 policies.
 * Deterministic (fixed random seed). Run with the JDK's source launcher:
 * {@code java deploy/bench/policy/GenerateSeed.java > seed.json}.
 *
 * Ids are explicit so the load script can pick submissions at random:
 * users 1-2000, repositories 3001-3061, policies 4001-4050, funders 5001-5200,
 * grants 10001-30000, submissions 100001-110000. Policy 4050 is the institutional policy
 * ("Example University Open Access Policy", repository 3061 "Example Scholarship"); half the
 * users are affiliated with example.edu; 20 funders have no policy.
 *
 * <p>{@code java deploy/bench/policy/GenerateSeed.java --reaching N M} prints instead the ids of the
 * submissions whose grants reach exactly N funders, all of them among funders 1 to M (those
 * GenerateCatalogue.java names, with M = 50), one a line: the same data set, so that a benchmark can
 * ask about submissions of a given shape.
 */
public class GenerateSeed {

    static final int USERS = 2000;
    static final int REPOSITORIES = 60;
    static final int POLICIES = 50;
    static final int FUNDERS = 200;
    static final int GRANTS = 20_000;
    static final int SUBMISSIONS = 10_000;
    static final long FIRST_SUBMISSION = 100_001;
    static final long INSTITUTIONAL_POLICY = 4000 + POLICIES;
    static final long INSTITUTIONAL_REPOSITORY = 3001 + REPOSITORIES;

    public static void main(String[] args) throws IOException {
        boolean reaching = args.length == 3 && args[0].equals("--reaching");
        int funders = reaching ? Integer.parseInt(args[1]) : 0;
        int within = reaching ? Integer.parseInt(args[2]) : 0;
        List<Long> shaped = new ArrayList<>();
        Random random = new Random(20_240_601L);
        long[] funderPolicy = new long[FUNDERS];
        long[][] grantFunders = new long[GRANTS][];
        try (Writer out = reaching ? Writer.nullWriter()
                : new BufferedWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), 1 << 16)) {
            out.write("{\n\"users\": [\n");
            for (int i = 1; i <= USERS; i++) {
                boolean inside = i % 2 == 0;
                String username = "user" + i + (inside ? "@example.edu" : "@elsewhere.org");
                String affiliation = inside ? (i % 4 == 0 ? "FACULTY@example.edu" : "example.edu") : "elsewhere.org";
                out.write(sep(i, 1) + "{\"key\":\"u" + i + "\",\"id\":" + i + ",\"username\":\"" + username
                        + "\",\"affiliation\":[\"" + affiliation + "\"],\"roles\":[\"submitter\"]}");
            }
            out.write("\n],\n\"repositories\": [\n");
            for (int i = 1; i <= REPOSITORIES; i++) {
                out.write(sep(i, 1) + "{\"key\":\"r" + i + "\",\"id\":" + (3000 + i) + ",\"name\":\"Repository " + i + "\"}");
            }
            out.write(",\n{\"key\":\"ir\",\"id\":" + INSTITUTIONAL_REPOSITORY + ",\"name\":\"Example Scholarship\"}");
            out.write("\n],\n\"policies\": [\n");
            for (int i = 1; i < POLICIES; i++) {
                Set<String> repositories = new LinkedHashSet<>();
                int count = 1 + random.nextInt(3);
                while (repositories.size() < count) {
                    repositories.add("\"r" + (1 + random.nextInt(REPOSITORIES)) + "\"");
                }
                if (random.nextInt(10) == 0) {
                    repositories.add("\"ir\"");
                }
                out.write(sep(i, 1) + "{\"key\":\"p" + i + "\",\"id\":" + (4000 + i) + ",\"title\":\"Funder Policy " + i
                        + "\",\"repositories\":[" + String.join(",", repositories) + "]}");
            }
            out.write(",\n{\"key\":\"p" + POLICIES + "\",\"id\":" + INSTITUTIONAL_POLICY
                    + ",\"title\":\"Example University Open Access Policy\",\"repositories\":[\"ir\"]}");
            out.write("\n],\n\"funders\": [\n");
            for (int i = 1; i <= FUNDERS; i++) {
                boolean withPolicy = i % 10 != 0;
                funderPolicy[i - 1] = withPolicy ? 4000 + 1 + random.nextInt(POLICIES - 1) : 0;
                out.write(sep(i, 1) + "{\"key\":\"f" + i + "\",\"id\":" + (5000 + i) + ",\"name\":\"Funder " + i + "\""
                        + (withPolicy ? ",\"policy\":\"p" + (funderPolicy[i - 1] - 4000) + "\"" : "") + "}");
            }
            out.write("\n],\n\"grants\": [\n");
            for (int i = 1; i <= GRANTS; i++) {
                int primary = 1 + random.nextInt(FUNDERS);
                int roll = random.nextInt(10);
                int direct = roll < 3 ? primary : roll == 3 ? 0 : 1 + random.nextInt(FUNDERS);
                grantFunders[i - 1] = new long[] {primary, direct};
                out.write(sep(i, 1) + "{\"key\":\"g" + i + "\",\"id\":" + (10_000 + i) + ",\"awardNumber\":\"AW-" + i
                        + "\",\"primaryFunder\":\"f" + primary + "\"" + (direct > 0 ? ",\"directFunder\":\"f" + direct + "\"" : "")
                        + ",\"pi\":\"u" + (1 + random.nextInt(USERS)) + "\"" + endDate(i) + "}");
            }
            out.write("\n],\n\"submissions\": [\n");
            for (int i = 0; i < SUBMISSIONS; i++) {
                int submitter = 1 + random.nextInt(USERS);
                List<String> grants = new ArrayList<>();
                Set<Long> applicable = new LinkedHashSet<>();
                Set<Long> reached = new LinkedHashSet<>();
                int count = 1 + random.nextInt(5);
                while (grants.size() < count) {
                    int grant = 1 + random.nextInt(GRANTS);
                    if (!grants.contains("\"g" + grant + "\"")) {
                        grants.add("\"g" + grant + "\"");
                        for (long funder : grantFunders[grant - 1]) {
                            if (funder > 0) {
                                reached.add(funder);
                            }
                            if (funder > 0 && funderPolicy[(int) funder - 1] > 0) {
                                applicable.add(funderPolicy[(int) funder - 1]);
                            }
                        }
                    }
                }
                if (reached.size() == funders && reached.stream().allMatch(funder -> funder <= within)) {
                    shaped.add(FIRST_SUBMISSION + i);
                }
                if (submitter % 2 == 0) {
                    applicable.add(INSTITUTIONAL_POLICY);
                }
                StringJoiner effective = new StringJoiner(",");
                for (long policy : applicable) {
                    if (random.nextInt(4) != 0) {
                        effective.add("\"p" + (policy - 4000) + "\"");
                    }
                }
                StringJoiner preparers = new StringJoiner(",");
                for (int p = random.nextInt(3); p > 0; p--) {
                    preparers.add("\"u" + (1 + random.nextInt(USERS)) + "\"");
                }
                out.write(sep(i, 0) + "{\"key\":\"s" + i + "\",\"id\":" + (FIRST_SUBMISSION + i) + ",\"submitter\":\"u"
                        + submitter + "\",\"preparers\":[" + preparers + "],\"grants\":[" + String.join(",", grants)
                        + "],\"effectivePolicies\":[" + effective + "],\"submissionStatus\":\"draft\",\"source\":\"pass\""
                        + dates(i) + "}");
            }
            out.write("\n]\n}\n");
        }
        shaped.forEach(System.out::println);
    }

    // Dates from the index, not the random sequence, so the rest of the data set stays as it was:
    // grants ending 2023-2027, manuscripts accepted 2024-2026 (one in 20 without a date) and
    // submitted ten days later, which the policy rules and the dry run read.
    private static String endDate(int grant) {
        return ",\"endDate\":\"" + java.time.LocalDate.of(2023, 1, 1).plusDays(grant * 53L % 1500) + "\"";
    }

    private static String dates(int submission) {
        if (submission % 20 == 0) {
            return "";
        }
        java.time.LocalDate accepted = java.time.LocalDate.of(2024, 1, 1).plusDays(submission * 37L % 900);
        return ",\"submittedDate\":\"" + accepted.plusDays(10) + "\",\"metadata\":{\"acceptedDate\":\"" + accepted + "\"}";
    }

    private static String sep(int index, int first) {
        return index == first ? "" : ",\n";
    }
}
