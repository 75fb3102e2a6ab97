package org.submission.deploy.wrapper;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.submission.deploy.testing.Project;
import org.submission.platform.testing.ExternalTool;

/**
 * {@code ./mvnw} on a machine where its Maven is not installed yet, with the local repository
 * moved elsewhere ({@code -Dmaven.repo.local}): the bootstrap must not look for the distribution
 * in {@code ~/.m2/repository}. Each run gets a fresh home, so the wrapper really fetches; the
 * build's own local repository serves as the remote (file://), so no network is needed.
 */
class MavenWrapperBootstrapTest {

    private static final String PROPERTIES = ".mvn/wrapper/maven-wrapper.properties";

    @TempDir
    Path work;

    private Path home;
    private Path project;
    private Path customRepository;
    private String version;

    @BeforeEach
    void aCheckoutWithAFreshHome() throws IOException {
        home = work.resolve("home");
        Files.createDirectories(home.resolve(".m2"));
        customRepository = work.resolve("custom-repository");
        project = Files.createDirectories(work.resolve("project/.mvn/wrapper")).getParent().getParent();
        Files.copy(Project.ROOT.resolve("mvnw"), project.resolve("mvnw"));
        Files.copy(Project.ROOT.resolve(PROPERTIES), project.resolve(PROPERTIES));
        version = property("mavenVersion");
        ExternalTool.require(Files.isRegularFile(distribution()),
                "the Maven " + version + " distribution is not in the build's local repository " + buildRepository());
    }

    @Test
    void theInstalledMavenFetchesThePinnedMavenIntoACustomLocalRepository() throws Exception {
        ExternalTool.require("mvn");
        Files.writeString(home.resolve(".m2/settings.xml"), """
                <settings><mirrors><mirror>
                  <id>build-repository</id><mirrorOf>*</mirrorOf><url>%s</url>
                </mirror></mirrors></settings>
                """.formatted(buildRepository().toUri()));

        Run run = mvnwVersion(Map.of());

        assertThat(run.output()).as(run.output()).contains("Apache Maven " + version + " ");
        assertThat(run.exitCode()).isZero();
        assertThat(customRepository.resolve("org/apache/maven/apache-maven/" + version)).isDirectory();
    }

    @Test
    void mvnwRepourlServesThePinnedMaven() throws Exception {
        ExternalTool.require("curl");

        Run run = mvnwVersion(Map.of("MVNW_REPOURL", buildRepository().toUri().toString()));

        assertThat(run.output()).as(run.output()).contains("Apache Maven " + version + " ");
        assertThat(run.exitCode()).isZero();
    }

    @Test
    void aDistributionWithAnotherChecksumIsRefusedAndNotInstalled() throws Exception {
        ExternalTool.require("curl");
        String pinned = property("distributionSha256Sum");
        Path properties = project.resolve(PROPERTIES);
        Files.writeString(properties, Files.readString(properties).replace(pinned, "0".repeat(64)));

        Run run = mvnwVersion(Map.of("MVNW_REPOURL", buildRepository().toUri().toString()));

        assertThat(run.exitCode()).isNotZero();
        assertThat(run.output()).contains("checksum mismatch");
        assertThat(home.resolve(".m2/wrapper/dists/apache-maven-" + version)).doesNotExist();
    }

    private Run mvnwVersion(Map<String, String> extra) throws IOException, InterruptedException {
        Path log = work.resolve("mvnw.log");
        ProcessBuilder builder = new ProcessBuilder("sh", "mvnw", "-B", "--version")
                .directory(project.toFile()).redirectErrorStream(true).redirectOutput(log.toFile());
        Map<String, String> env = builder.environment();
        env.keySet().removeIf(name -> name.startsWith("MAVEN_") || name.startsWith("MVNW_"));
        env.put("HOME", home.toString());
        // the installed Maven's JVM takes its home from the account, not from HOME
        env.put("MAVEN_OPTS", "-Duser.home=" + home + " -Dmaven.repo.local=" + customRepository);
        env.putAll(extra);
        Process process = builder.start();
        if (!process.waitFor(3, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            throw new AssertionError("./mvnw --version still running after 3 minutes: " + Files.readString(log));
        }
        return new Run(process.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
    }

    private Path distribution() {
        return buildRepository().resolve("org/apache/maven/apache-maven/%1$s/apache-maven-%1$s-bin.zip".formatted(version));
    }

    private static Path buildRepository() {
        return Path.of(System.getProperty("build.local.repository",
                System.getProperty("user.home") + "/.m2/repository"));
    }

    private String property(String name) throws IOException {
        return Files.readAllLines(project.resolve(PROPERTIES)).stream()
                .filter(line -> line.startsWith(name + "=")).map(line -> line.substring(name.length() + 1).strip())
                .findFirst().orElseThrow(() -> new AssertionError("no " + name + " in " + PROPERTIES));
    }

    private record Run(int exitCode, String output) {
    }
}
