package org.submission.policy.doi;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The DOI service's REST client is registered, so CDI would inject it anywhere as
 * {@code @RestClient DoiServiceApi}: a call made so would skip the deadline, the breaker and the
 * answer's byte bound of {@link DoiServiceCalls}, which builds the one the service uses.
 */
class DoiServiceApiGuardedTest {

    private static final JavaClasses MAIN = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("org.submission.policy");

    @Test
    void noClassButTheGuardedCallsInjectsOrUsesTheDoiServicesRestClient() {
        noClasses().that().doNotBelongToAnyOf(DoiServiceCalls.class, DoiServiceApi.class)
                .should().dependOnClassesThat().belongToAnyOf(DoiServiceApi.class)
                .because("a call of the DOI service goes through DoiServiceCalls' guard")
                .check(MAIN);
    }
}
