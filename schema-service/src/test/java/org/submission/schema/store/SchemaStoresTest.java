package org.submission.schema.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.submission.schema.health.SchemaStoreHealthCheck;

/** SCHEMA_SERVICE_DIR mounted from a ConfigMap, as kubelet lays it out and swaps it. */
class SchemaStoresTest {

    private static final String URI = "https://schemas.test/jhu/article.json";
    private static final Duration WITHIN = Duration.ofSeconds(10);

    @TempDir
    Path volumes;

    private Path mount;
    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private SchemaStores stores;

    @BeforeEach
    void mount() throws IOException {
        mount = Files.createDirectories(volumes.resolve("jhu"));
        configMapVersion(1, article("Article"));
    }

    @AfterEach
    void stop() {
        if (stores != null) {
            stores.close();
        }
    }

    @Test
    void aConfigMapVolumeGivesEachDocumentOnce() {
        assertThat(SchemaSources.directory(mount)).extracting(SchemaSource::key, SchemaSource::origin)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("jhu/article.json", "SCHEMA_SERVICE_DIR/article.json"));
        assertThat(watch().current().notes()).isEmpty();
    }

    @Test
    void aChangedConfigMapIsServedWithinTenSecondsWithoutARestart() throws Exception {
        SchemaStore first = watch().current();

        configMapVersion(2, article("Article, second version"));

        long end = System.nanoTime() + WITHIN.toNanos();
        while (stores.current() == first && System.nanoTime() < end) {
            Thread.sleep(50);
        }
        assertThat(title(stores.current())).isEqualTo("Article, second version");
        assertThat(title(first)).isEqualTo("Article");
    }

    @Test
    void aChangeThatBreaksADocumentIsRefusedAndTheLastGoodSetServes() throws Exception {
        SchemaStore good = watchEveryFewMillis().current();

        configMapVersion(2, "{\"$id\": \"" + URI + "\", \"title\": ");
        awaitRead(() -> stores.refusal().isPresent());

        assertThat(stores.current()).isSameAs(good);
        assertThat(stores.refusal()).hasValueSatisfying(refusal ->
                assertThat(refusal).contains("jhu/article.json would be unusable (not valid JSON (line 1, column"));
        assertThat(registry.get("submission.reload.refused").tag("name", SchemaStores.NAME).gauge().value()).isEqualTo(1);
        assertThat(new SchemaStoreHealthCheck(stores).call().getData().orElseThrow().get("refused").toString())
                .contains("jhu/article.json would be unusable", "the last good set serves");
    }

    @Test
    void aRepairedDocumentIsTakenAgain() throws Exception {
        watchEveryFewMillis();
        configMapVersion(2, "not json");
        awaitRead(() -> stores.refusal().isPresent());

        configMapVersion(3, article("Repaired"));
        awaitRead(() -> stores.refusal().isEmpty());

        assertThat(stores.refusal()).isEmpty();
        assertThat(title(stores.current())).isEqualTo("Repaired");
    }

    @Test
    void aDocumentTooDeepOnceResolvedIsRefusedWithItsReasonAndLaterChangesAreStillRead() throws Exception {
        stores = SchemaStores.watch(SchemaSources.bundled(getClass().getClassLoader()), mount, TestStores.MAX_EXPANDED_SIZE,
                Duration.ofMillis(50), registry);

        configMapVersion(2, TestStores.notChain(URI, 400));
        long end = System.nanoTime() + WITHIN.toNanos();
        while (stores.refusal().isEmpty() && System.nanoTime() < end) {
            Thread.sleep(20);
        }
        assertThat(stores.refusal()).hasValueSatisfying(refusal -> assertThat(refusal)
                .contains("jhu/article.json would be unusable (nested too deeply once its references are resolved)"));

        configMapVersion(3, article("Third"));
        while (stores.refusal().isPresent() && System.nanoTime() < end) {
            Thread.sleep(20);
        }
        assertThat(title(stores.current())).isEqualTo("Third");
        assertThat(stores.stopped()).isEmpty();
    }

    @Test
    void aDocumentExpandingPastTheBoundIsRefusedWithItsReason() throws Exception {
        watchEveryFewMillis();

        configMapVersion(2, TestStores.doubling(URI, 12, 200_000));
        awaitRead(() -> stores.refusal().isPresent());

        assertThat(stores.refusal()).hasValueSatisfying(refusal -> assertThat(refusal)
                .contains("jhu/article.json would be unusable (too large once its references are resolved)"));
        assertThat(title(stores.current())).isEqualTo("Article");
    }

    /** Watched as the service watches it, but read every few milliseconds, so that a test need not wait for the period. */
    private SchemaStores watchEveryFewMillis() {
        stores = SchemaStores.watch(SchemaSources.bundled(getClass().getClassLoader()), mount, TestStores.MAX_EXPANDED_SIZE,
                Duration.ofMillis(20), registry);
        return stores;
    }

    /** Waits (at most {@link #WITHIN}) until a read of the folder has shown what {@code read} asks. */
    private static void awaitRead(BooleanSupplier read) throws InterruptedException {
        long end = System.nanoTime() + WITHIN.toNanos();
        while (!read.getAsBoolean() && System.nanoTime() < end) {
            Thread.sleep(20);
        }
    }

    private SchemaStores watch() {
        stores = SchemaStores.watch(SchemaSources.bundled(getClass().getClassLoader()), mount, TestStores.MAX_EXPANDED_SIZE, registry);
        return stores;
    }

    private static String title(SchemaStore store) {
        return store.find(URI).orElseThrow().schema().get("title").asText();
    }

    private static String article(String title) {
        return """
                {"$schema": "http://json-schema.org/draft-07/schema#", "$id": "%s", "title": "%s", "type": "object",
                 "definitions": {"form": {"type": "object", "properties": {"title": {"type": "string"}}}}}""".formatted(URI, title);
    }

    /**
     * As kubelet writes a ConfigMap volume: the files in a new {@code ..<timestamp>} folder, the
     * {@code ..data} link switched to it in one rename, each file name a link through {@code ..data},
     * and the previous version's folder removed.
     */
    private void configMapVersion(int version, String articleJson) throws IOException {
        Path previous = Files.isSymbolicLink(mount.resolve("..data")) ? mount.resolve(Files.readSymbolicLink(mount.resolve("..data"))) : null;
        Path folder = Files.createDirectory(mount.resolve("..2026_11_28_04_00_0" + version + ".00000000" + version));
        Files.writeString(folder.resolve("article.json"), articleJson);
        Path link = Files.createSymbolicLink(mount.resolve("..data_tmp"), folder.getFileName());
        Files.move(link, mount.resolve("..data"), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        if (!Files.isSymbolicLink(mount.resolve("article.json"))) {
            Files.createSymbolicLink(mount.resolve("article.json"), Path.of("..data", "article.json"));
        }
        if (previous != null) {
            try (var files = Files.list(previous)) {
                for (Path file : files.toList()) {
                    Files.delete(file);
                }
            }
            Files.delete(previous);
        }
    }
}
