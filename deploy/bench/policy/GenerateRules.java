import java.io.PrintStream;

/**
 * Writes, to standard output, a rules file of 50 rules over the data set of GenerateSeed.java:
 * funders 1-25 each get "Funder Policy k" for manuscripts accepted from 2025-01-01 under grants
 * still active then, and "Funder Policy m" otherwise. Deterministic.
 *
 *   java deploy/bench/policy/GenerateRules.java > rules.yaml
 */
public class GenerateRules {

    public static void main(String[] args) {
        PrintStream out = System.out;
        out.println("version: 1");
        out.println("dates:");
        out.println("  accepted: [metadata.acceptedDate, submittedDate]");
        out.println("policies:");
        for (int funder = 1; funder <= 25; funder++) {
            out.println("  - policy: \"Funder Policy " + (1 + funder * 7 % 49) + "\"");
            out.println("    funders: [\"Funder " + funder + "\"]");
            out.println("    when: {accepted: {from: 2025-01-01}, grant-active-on: accepted}");
            out.println("  - policy: \"Funder Policy " + (1 + funder * 11 % 49) + "\"");
            out.println("    funders: [\"Funder " + funder + "\"]");
            out.println("    when: otherwise");
        }
    }
}
