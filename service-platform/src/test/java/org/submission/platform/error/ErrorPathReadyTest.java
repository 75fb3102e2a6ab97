package org.submission.platform.error;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.io.IOException;
import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.submission.platform.testing.EmbeddedPostgresResource;

/**
 * A service just started, before any request: every class of the error path has run its static
 * initialiser, so that a first error met while memory is exhausted cannot break its class for good.
 */
@QuarkusTest
@TestProfile(ErrorPathReadyTest.FreshStart.class)
@WithTestResource(EmbeddedPostgresResource.class)
class ErrorPathReadyTest {

    /** A start of its own: no other test's request has answered an error in it. */
    public static class FreshStart implements QuarkusTestProfile {
    }

    @Test
    void everyClassThatAnswersErrorsIsInitialisedBeforeTheFirstError() throws Exception {
        Field field = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
        field.setAccessible(true);
        sun.misc.Unsafe unsafe = (sun.misc.Unsafe) field.get(null);

        assertThat(errorPackage()).isNotEmpty().allSatisfy(type -> assertThat(unsafe.shouldBeInitialized(type))
                .as("%s not initialised yet", type.getSimpleName()).isFalse());
    }

    /** Every class of the error package, loaded without initialising it. */
    private static List<Class<?>> errorPackage() throws IOException {
        Path folder = Path.of("target/classes/org/submission/platform/error");
        try (Stream<Path> files = Files.list(folder)) {
            return files.map(file -> file.getFileName().toString()).filter(name -> name.endsWith(".class"))
                    .<Class<?>>map(name -> load(ErrorMappers.class.getPackageName() + "." + name.substring(0, name.length() - 6)))
                    .toList();
        }
    }

    private static Class<?> load(String name) {
        try {
            return Class.forName(name, false, ErrorPathReadyTest.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
    }
}
