package org.submission.doi;

import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The service is laid out by concept (doi-service/README.md, "How it is built"), and dependencies between
 * the packages run one way, so that each mechanism can be read whole without the ones above it.
 */
class PackagesTest {

    private static final JavaClasses MAIN = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("org.submission.doi");

    @Test
    void noPackageDependsOnAnotherThatDependsOnIt() {
        slices().matching("org.submission.doi.(*)..").should().beFreeOfCycles().check(MAIN);
    }

    @Test
    void dependenciesRunFromTheEndpointsDownToTheUpstreamsAndHtml() {
        layeredArchitecture().consideringOnlyDependenciesInLayers()
                .layer("rest").definedBy("..doi.rest..")
                .layer("journal").definedBy("..doi.journal..")
                .layer("manuscript").definedBy("..doi.manuscript..")
                .layer("health").definedBy("..doi.health..")
                .layer("cluster").definedBy("..doi.cluster..")
                .layer("upstream").definedBy("..doi.upstream..")
                .layer("html").definedBy("..doi.html..")
                .whereLayer("rest").mayNotBeAccessedByAnyLayer()
                .whereLayer("health").mayNotBeAccessedByAnyLayer()
                .whereLayer("journal").mayOnlyBeAccessedByLayers("rest")
                .whereLayer("manuscript").mayOnlyBeAccessedByLayers("rest")
                .whereLayer("cluster").mayOnlyBeAccessedByLayers("journal", "manuscript", "health")
                .whereLayer("upstream").mayOnlyBeAccessedByLayers("journal", "manuscript", "cluster", "health")
                .whereLayer("html").mayOnlyBeAccessedByLayers("journal", "manuscript", "upstream")
                .check(MAIN);
    }
}
