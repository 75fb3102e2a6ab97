package org.submission.shared.seed;

import io.quarkus.logging.Log;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Fills an empty database at start with the demo data and/or the operator's seed file. Runs on
 * the main thread during start-up, after the migrations, and waits for the loader.
 */
@ApplicationScoped
public class SeedOnStart {

    public static final String DEMO_RESOURCE = "seed/demo.json";

    private final SeedSettings settings;
    private final SeedLoader loader;

    public SeedOnStart(SeedSettings settings, SeedLoader loader) {
        this.settings = settings;
        this.loader = loader;
    }

    void onStart(@Observes StartupEvent event) {
        if (settings.demo()) {
            load("demo data", DEMO_RESOURCE, SeedOnStart::demoData);
        }
        settings.file().filter(f -> !f.isBlank()).ifPresent(file -> load(file, file, () -> SeedLoader.read(Path.of(file))));
    }

    private void load(String what, String source, Supplier<String> seed) {
        long start = System.nanoTime();
        Map<String, Long> ids = loader.loadAndAwait(seed.get(), source, true);
        if (ids.isEmpty()) {
            Log.infof("Seed %s not loaded: the database already holds records", what);
        } else {
            Log.infof("Seed %s loaded: %d records in %.1f s", what, ids.size(), (System.nanoTime() - start) / 1e9);
        }
    }

    /** The bundled demo data set (users, funders, policies, repositories, grants, submissions). */
    public static String demoData() {
        try (InputStream in = SeedOnStart.class.getClassLoader().getResourceAsStream(DEMO_RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(DEMO_RESOURCE + " is missing from the classpath");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
