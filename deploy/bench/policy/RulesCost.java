import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.submission.platform.security.Caller;
import org.submission.policy.repository.SubmissionGraph;
import org.submission.policy.repository.SubmissionGraph.FunderRoute;
import org.submission.policy.rules.RuleDirectory;
import org.submission.policy.rules.RuleResolver;
import org.submission.policy.rules.RuleSet;
import org.submission.policy.rules.RulesParser;
import org.submission.policy.service.PolicyRules;

/**
 * The service's own CPU for deciding one submission's policies, with a rules file and without:
 * the package's PolicyRules.applicablePolicies, in process, on 1,000 submissions shaped as
 * GenerateSeed.java makes them (1-5 grants, each with a primary and a direct funder among 200,
 * a funder policy among 50, an accepted date in the metadata and a grant end around 2025). The
 * rules file is resolved with the names GenerateRules.java uses. Both are timed in alternating
 * rounds after a warm-up, so the machine's drift touches both alike; nothing else (statement,
 * HTTP, JSON) is in the figure. Prints the median nanoseconds per submission of each.
 *
 *   java deploy/bench/policy/GenerateRules.java > /tmp/rules.yaml
 *   java -cp "policy-service/target/quarkus-app/app/*:policy-service/target/quarkus-app/lib/main/*" \
 *     deploy/bench/policy/RulesCost.java /tmp/rules.yaml
 */
public class RulesCost {

    private static final int FUNDERS = 200;
    private static final int POLICIES = 50;
    private static final int ROUNDS = 15;
    private static final int PASSES_PER_ROUND = 200;
    private static final Caller BACKEND = new Caller("bench", true, null, Set.of(), Set.of());

    public static void main(String[] args) throws Exception {
        RuleSet rules = RuleResolver.resolve(RulesParser.parse(Files.readAllBytes(Path.of(args[0]))), directory());
        List<SubmissionGraph> graphs = graphs(new Random(42), 1_000);
        long[] without = new long[ROUNDS];
        long[] with = new long[ROUNDS];
        for (int warm = 0; warm < 5; warm++) {
            time(graphs, RuleSet.NONE);
            time(graphs, rules);
        }
        for (int round = 0; round < ROUNDS; round++) {
            without[round] = time(graphs, RuleSet.NONE);
            with[round] = time(graphs, rules);
        }
        System.out.printf("rules: %d, submissions: %d, rounds: %d of %d passes%n", rules.rules().size(), graphs.size(),
                ROUNDS, PASSES_PER_ROUND);
        System.out.printf("without rules: %.2f us per submission (median; min %.2f, max %.2f)%n",
                median(without), min(without), max(without));
        System.out.printf("with rules:    %.2f us per submission (median; min %.2f, max %.2f)%n",
                median(with), min(with), max(with));
    }

    /** Nanoseconds per submission over one round; the answers' sizes go into a sink so nothing is optimised away. */
    private static long time(List<SubmissionGraph> graphs, RuleSet rules) {
        long sink = 0;
        long start = System.nanoTime();
        for (int pass = 0; pass < PASSES_PER_ROUND; pass++) {
            for (SubmissionGraph graph : graphs) {
                sink += PolicyRules.applicablePolicies(graph, BACKEND, "example.edu", false, rules).size();
            }
        }
        long perSubmission = (System.nanoTime() - start) / ((long) PASSES_PER_ROUND * graphs.size());
        if (sink == 42) {
            System.out.print("");
        }
        return perSubmission;
    }

    private static RuleDirectory directory() {
        Map<String, List<Long>> policies = new HashMap<>();
        Map<Long, String> titles = new HashMap<>();
        for (long k = 1; k <= POLICIES; k++) {
            policies.put("Funder Policy " + k, List.of(4000 + k));
            titles.put(4000 + k, "Funder Policy " + k);
        }
        Map<String, List<Long>> funders = new HashMap<>();
        Map<Long, String> names = new HashMap<>();
        for (long k = 1; k <= FUNDERS; k++) {
            funders.put("Funder " + k, List.of(2000 + k));
            names.put(2000 + k, "Funder " + k);
        }
        return new RuleDirectory(policies, titles, funders, names, Map.of(), Map.of(), null);
    }

    private static List<SubmissionGraph> graphs(Random random, int count) {
        List<SubmissionGraph> graphs = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            List<FunderRoute> routes = new ArrayList<>();
            int grants = 1 + random.nextInt(5);
            for (int g = 0; g < grants; g++) {
                LocalDate end = LocalDate.of(2023, 1, 1).plusDays(random.nextInt(1_500));
                for (String role : List.of("primary", "direct")) {
                    long funder = 1 + random.nextInt(FUNDERS);
                    routes.add(new FunderRoute(10_000L * i + g, 2000 + funder, role, 4000L + 1 + funder % POLICIES, end));
                }
            }
            LocalDate accepted = LocalDate.of(2024, 1, 1).plusDays(random.nextInt(900));
            graphs.add(new SubmissionGraph(i, 1L, List.of(), Set.of(), routes, null, List.of(),
                    "{\"acceptedDate\":\"" + accepted + "\"}", accepted.plusDays(10)));
        }
        return graphs;
    }

    private static double median(long[] values) {
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2] / 1000.0;
    }

    private static double min(long[] values) {
        return Arrays.stream(values).min().orElseThrow() / 1000.0;
    }

    private static double max(long[] values) {
        return Arrays.stream(values).max().orElseThrow() / 1000.0;
    }
}
