package org.submission.deploy.policies;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.submission.deploy.testing.Project;

/** {@code policies plan} and {@code policies apply} with the shipped catalogue, against a pass-core stood up by WireMock. */
class PoliciesCommandTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Map<String, String> ACCOUNT = Map.of(
            "SUBMISSION_BACKEND_USER", FakePassCore.USER, "SUBMISSION_BACKEND_PASSWORD", FakePassCore.PASSWORD);

    @Test
    void planOnAnEmptyPassNamesEveryCatalogueKeyWithItsRecordsMissingAndWritesNothing() throws Exception {
        try (FakePassCore passCore = FakePassCore.start(null)) {
            Run plan = run(passCore.base(), ACCOUNT, "plan");

            assertThat(plan.status).isZero();
            assertThat(plan.lines()).filteredOn(l -> l.startsWith("key ")).hasSize(20)
                    .contains("key nsf-2026: policy \"NSF Public Access Policy (2026)\" missing;"
                            + " repository \"NSF Public Access Repository\" missing")
                    .contains("key wellcome-2021: policy \"Wellcome Open Access Policy (2021)\" missing;"
                            + " repository \"PubMed Central\" missing; repository \"Europe PMC\" missing");
            assertThat(plan.lines()).last().isEqualTo("summary: 20 policies and 10 repositories missing, 0 stale,"
                    + " 0 of 0 PASS funders matched");
            assertThat(passCore.requests("POST") + passCore.requests("PATCH") + passCore.requests("DELETE")).isZero();
        }
    }

    @Test
    void planNamesAPolicyOfTheCatalogueTitleRoutedToAnotherRepositoryStale() throws Exception {
        try (FakePassCore passCore = FakePassCore.start("stale.json")) {
            Run plan = run(passCore.base(), ACCOUNT, "plan");

            assertThat(plan.lines()).contains(
                    "key nasa-2023: policy \"National Aeronautics and Space Administration Public Access Policy\" id:4;"
                            + " repository \"NASA PubSpace\" missing;"
                            + " STALE: policy id:4 routes to \"PubMed Central\", the catalogue to \"NASA PubSpace\"",
                    "key nih-2008: policy \"NIH Public Access Policy (2008)\" id:5; repository \"PubMed Central\" id:1");
            assertThat(plan.lines()).filteredOn(l -> l.contains("STALE")).hasSize(1);
        }
    }

    @Test
    void planNamesTheCatalogueFunderOfEachPassFunderOrNone() throws Exception {
        try (FakePassCore passCore = FakePassCore.start("stale.json")) {
            Run plan = run(passCore.base(), ACCOUNT, "plan");

            assertThat(plan.lines()).contains(
                    "funder id:7 \"National Aeronautics and Space Administration\" (example.edu:funder:nasa): nasa",
                    "funder id:8 \"National  cancer institute\" (example.edu:funder:nci): nci",
                    "funder id:9 \"Example Family Trust\" (example.edu:funder:trust): none");
        }
    }

    @Test
    void applyOnAnEmptyPassCreatesEachRepositoryAndPolicyOnceAsPassCoreExpectsThem() throws Exception {
        try (FakePassCore passCore = FakePassCore.start(null)) {
            Run apply = run(passCore.base(), ACCOUNT, "apply");

            assertThat(apply.status).isZero();
            assertThat(passCore.records("repository")).hasSize(10);
            assertThat(passCore.records("policy")).hasSize(20);
            JsonNode par = only(passCore.records("repository"), "name", "NSF Public Access Repository");
            assertThat(par.path("attributes").path("repositoryKey").asText()).isEqualTo("nsf-par");
            assertThat(par.path("attributes").path("integrationType").asText()).isEqualTo("web-link");
            JsonNode nsf = only(passCore.records("policy"), "title", "NSF Public Access Policy (2026)");
            assertThat(nsf.path("attributes").path("policyUrl").asText())
                    .isEqualTo("https://www.nsf.gov/policies/document/pappg24-1-supplement-2");
            assertThat(nsf.path("relationships").path("repositories").path("data").path(0).path("id").asText())
                    .isEqualTo(par.path("id").asText());
            assertThat(apply.lines()).contains("created policy id:" + nsf.path("id").asText()
                    + " \"NSF Public Access Policy (2026)\" (nsf-2026), routed to \"NSF Public Access Repository\"");
        }
    }

    @Test
    void applyRunTwiceCreatesNothingTheSecondTime() throws Exception {
        try (FakePassCore passCore = FakePassCore.start("stale.json")) {
            run(passCore.base(), ACCOUNT, "apply");
            int created = passCore.requests("POST");

            Run again = run(passCore.base(), ACCOUNT, "apply");

            assertThat(created).isEqualTo(9 + 18);
            assertThat(passCore.requests("POST")).isEqualTo(created);
            assertThat(again.lines()).contains("created nothing: every policy and repository of the catalogue has its PASS record");
            assertThat(run(passCore.base(), ACCOUNT, "plan").lines()).last()
                    .isEqualTo("summary: 0 policies and 0 repositories missing, 1 stale, 2 of 3 PASS funders matched");
        }
    }

    @Test
    void applyChangesNoExistingRecordAndLeavesTheStaleRouteToTheOperator() throws Exception {
        try (FakePassCore passCore = FakePassCore.start("stale.json")) {
            List<ObjectNode> before = passCore.records("policy").subList(0, 2);

            Run apply = run(passCore.base(), ACCOUNT, "apply");

            assertThat(passCore.records("policy").subList(0, 2)).isEqualTo(before);
            assertThat(passCore.requests("PATCH") + passCore.requests("DELETE")).isZero();
            assertThat(apply.lines()).contains("- in PASS, route policy id:4 \"National Aeronautics and Space"
                    + " Administration Public Access Policy\" to \"NASA PubSpace\" instead of \"PubMed Central\""
                    + " (nasa-2023): apply changes no existing record");
        }
    }

    @Test
    void aRefusedAccountIsOneLineAndNoWrite() throws Exception {
        try (FakePassCore passCore = FakePassCore.start(null)) {
            Run apply = run(passCore.base(), Map.of("SUBMISSION_BACKEND_USER", FakePassCore.USER,
                    "SUBMISSION_BACKEND_PASSWORD", "wrong"), "apply");

            assertThat(apply.status).isEqualTo(PoliciesCommand.PASS_CORE_FAILED);
            assertThat(apply.err.lines().toList()).singleElement().asString()
                    .startsWith("policies apply refused: pass-core at " + passCore.base() + "/ refused the account \"backend\" (401)");
            assertThat(apply.out).isEmpty();
            assertThat(passCore.requests("POST")).isZero();
        }
    }

    @Test
    void passCoreDownIsOneLine() throws Exception {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort(); // closed again: nothing listens there
        }

        Run plan = run(URI.create("http://127.0.0.1:" + port), ACCOUNT, "plan");

        assertThat(plan.status).isEqualTo(PoliciesCommand.PASS_CORE_FAILED);
        assertThat(plan.err.lines().toList()).singleElement().asString()
                .startsWith("policies plan refused: pass-core cannot be reached at http://127.0.0.1:" + port + "/");
        assertThat(plan.out).isEmpty();
    }

    @Test
    void planReadsEveryPageOfAPassLargerThanOnePage() throws Exception {
        try (FakePassCore passCore = FakePassCore.start(null)) {
            for (int i = 1; i <= PassCore.PAGE_SIZE * 2 + 1; i++) {
                passCore.add("funder", JSON.createObjectNode().put("type", "funder").put("id", String.valueOf(i))
                        .set("attributes", JSON.createObjectNode().put("name", "Funder " + i)));
            }

            Run plan = run(passCore.base(), ACCOUNT, "plan");

            assertThat(plan.lines()).filteredOn(l -> l.startsWith("funder ")).hasSize(PassCore.PAGE_SIZE * 2 + 1);
        }
    }

    @Test
    void anAnswerOverItsBoundIsRefusedNotRead() throws Exception {
        try (FakePassCore passCore = FakePassCore.start(null)) {
            passCore.add("repository", JSON.createObjectNode().put("type", "repository").put("id", "1")
                    .set("attributes", JSON.createObjectNode().put("name", "x".repeat(PassCore.MAX_ANSWER_BYTES))));

            Run plan = run(passCore.base(), ACCOUNT, "plan");

            assertThat(plan.status).isEqualTo(PoliciesCommand.PASS_CORE_FAILED);
            assertThat(plan.err).contains("is over " + PassCore.MAX_ANSWER_BYTES + " bytes");
        }
    }

    private static JsonNode only(List<ObjectNode> records, String attribute, String value) {
        List<ObjectNode> found = records.stream().filter(r -> value.equals(r.path("attributes").path(attribute).asText())).toList();
        assertThat(found).hasSize(1);
        return found.get(0);
    }

    private static Run run(URI base, Map<String, String> env, String command) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = PoliciesCommand.run(List.of(command, "--pass-core", base.toString()), env, Project.ROOT,
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private record Run(int status, String out, String err) {
        List<String> lines() {
            return out.lines().toList();
        }
    }
}
