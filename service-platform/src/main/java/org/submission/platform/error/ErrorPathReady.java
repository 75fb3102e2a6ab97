package org.submission.platform.error;

import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.List;

/**
 * Prepares at start what answering an error needs. A class whose static initialiser first runs
 * while memory is exhausted fails for good ("Could not initialize class"): every later error it
 * should have answered became a NoClassDefFoundError until a restart. Initialised here, the error
 * path needs nothing new when memory is short.
 */
@ApplicationScoped
public class ErrorPathReady {

    /** The classes that answer errors (and round their Retry-After, and throttle their log lines), each initialised at start. */
    public static final List<Class<?>> CLASSES = List.of(ErrorMappers.class, RouterErrors.class, DatabaseOutage.class,
            ErrorMessages.class, ErrorBody.class, ApiException.class, RetryAfter.class, LogThrottle.class);

    /** Takes the mappers so that their bean is created now too, not with the first failure. */
    void prepare(@Observes StartupEvent start, ErrorMappers mappers) {
        initialise(CLASSES);
        // the JSON writers and the answer builders, loaded and linked by one answer of each kind
        new ErrorBody(ErrorMessages.forStatus(503)).toJson();
        ErrorMappers.json(503, ErrorMessages.DATABASE_BUSY);
        mappers.api(DatabaseOutage.busyAnswer());
    }

    /** Runs the static initialisers of {@code classes} that have not run yet. */
    public static void initialise(List<Class<?>> classes) {
        for (Class<?> type : classes) {
            try {
                Class.forName(type.getName(), true, type.getClassLoader());
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException(e);
            }
        }
    }
}
