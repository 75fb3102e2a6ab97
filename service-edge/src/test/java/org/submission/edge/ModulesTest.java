package org.submission.edge;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The modules' layering: the core platform never depends on the edge, and the edge is the one
 * module whose main code reaches into Vert.x's and Netty's internals (service-edge/README.md), so
 * that a Vert.x upgrade that breaks them breaks them in one place.
 */
class ModulesTest {

    /** Vert.x's internal packages, the Netty connection pipeline Vert.x builds, and reflective reads of private fields. */
    private static final Pattern INTERNAL = Pattern.compile("io\\.vertx\\.[a-z.]*\\bimpl\\b|io\\.vertx\\.core\\.internal"
            + "|io\\.netty\\.channel\\b|io\\.netty\\.handler\\.(codec\\.http2|timeout)\\b|\\.getDeclaredField\\(\"");
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    @Test
    void theCorePlatformDependsOnNothingOfTheEdge() {
        JavaClasses core = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPath(ROOT.resolve("service-platform/target/classes"));

        noClasses().that().resideInAPackage("org.submission.platform..")
                .should().dependOnClassesThat().resideInAPackage("org.submission.edge..").check(core);
    }

    @Test
    void noMainCodeOutsideTheEdgeUsesVertxOrNettyInternals() {
        assertThat(mainSources().filter(file -> !file.startsWith(ROOT.resolve("service-edge")))
                .flatMap(ModulesTest::internalUses)).isEmpty();
    }

    @Test
    void theEdgeIsWhereTheInternalsAreFound() {
        // the scan above looks where they are: were the pattern to stop matching, it would prove nothing
        assertThat(mainSources().filter(file -> file.startsWith(ROOT.resolve("service-edge")))
                .flatMap(ModulesTest::internalUses)).isNotEmpty();
    }

    private static Stream<Path> mainSources() {
        try (Stream<Path> files = Files.walk(ROOT)) {
            List<Path> sources = files.filter(file -> file.toString().endsWith(".java"))
                    .filter(file -> ROOT.relativize(file).toString().replace('\\', '/').matches("([^/]+/)+src/main/java/.*"))
                    .filter(file -> !ROOT.relativize(file).startsWith("target")).toList();
            assertThat(sources).as("main sources under " + ROOT).isNotEmpty();
            return sources.stream();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Stream<String> internalUses(Path file) {
        try {
            List<String> lines = Files.readAllLines(file);
            return lines.stream().filter(line -> INTERNAL.matcher(line).find()).map(line -> ROOT.relativize(file) + ": " + line.trim());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
