package org.submission.schema.store;

import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.logging.Log;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.submission.platform.reload.RejectedFile;
import org.submission.platform.reload.ReloadingValue;

/**
 * The schema store in use. Without SCHEMA_SERVICE_DIR it is the bundled documents, fixed. With it,
 * the folder is watched ({@link ReloadingValue}, every {@link #PERIOD}): a change is taken without a
 * restart, the new store prepared whole and then put in place of the old one at once, so a request,
 * which reads {@link #current()} once, sees one whole set. A change that would make unusable a
 * document that is not unusable now is refused, so that a typo never takes a working form away: the
 * last good set serves on, and readiness, the log (once) and {@code submission_reload_refused{name="schema-store"}}
 * say so. At start, as before, a folder document that is unusable is kept as such (409), while a bad
 * bundled document or a missing folder stops the service.
 */
public final class SchemaStores implements AutoCloseable {

    public static final String NAME = "schema-store";

    /** Within it a changed file is in use: a ConfigMap's new version reaches the pods' folders later than that anyway. */
    static final Duration PERIOD = Duration.ofSeconds(3);

    private final SchemaStore fixed;
    private volatile ReloadingValue<SchemaStore> watched;

    private SchemaStores(SchemaStore fixed) {
        this.fixed = fixed;
    }

    public static SchemaStores fixed(SchemaStore store) {
        return new SchemaStores(store);
    }

    /** The bundled documents plus the folder's, re-read every {@code period}; refuses to start as described above. */
    public static SchemaStores watch(List<SchemaSource> bundled, Path folder, long maxBytes, Duration period,
                                     MeterRegistry registry) {
        SchemaStoreLoader.build(bundled, List.of(), maxBytes);
        if (!Files.isDirectory(folder)) {
            throw new IllegalStateException("SCHEMA_SERVICE_DIR " + folder + " is not a readable folder");
        }
        SchemaStores stores = new SchemaStores(null);
        stores.watched = ReloadingValue.start(NAME, folder, path -> stores.next(bundled, path, maxBytes), period, registry);
        if (stores.watched.current() == null) {
            stores.close();
            throw new IllegalStateException("SCHEMA_SERVICE_DIR " + folder + " cannot be read: "
                    + stores.watched.readiness().getData().map(Object::toString).orElse(""));
        }
        return stores;
    }

    public static SchemaStores watch(List<SchemaSource> bundled, Path folder, long maxBytes, MeterRegistry registry) {
        return watch(bundled, folder, maxBytes, PERIOD, registry);
    }

    /** The store to answer one request from: read it once per request. */
    public SchemaStore current() {
        return watched == null ? fixed : watched.current();
    }

    /** Why the folder's present content is not in use, while the last good set serves. */
    public Optional<String> refusal() {
        return watched == null ? Optional.empty() : watched.refusal();
    }

    /** Why the folder is no longer read, should its polling have ended (it survives every failure of a document). */
    public Optional<String> stopped() {
        return watched == null ? Optional.empty() : watched.stopped();
    }

    private SchemaStore next(List<SchemaSource> bundled, Path folder, long maxBytes) {
        SchemaStore next = SchemaStoreLoader.build(bundled, SchemaSources.directory(folder), maxBytes);
        SchemaStore now = watched == null ? null : watched.current();
        if (now != null) {
            Set<String> unusable = now.unusable().stream().map(StoredSchema::key).collect(Collectors.toSet());
            List<StoredSchema> broken = next.unusable().stream().filter(d -> !unusable.contains(d.key())).toList();
            if (!broken.isEmpty()) {
                // the kind of problem only: the refusal is shown in the public readiness answer
                throw new RejectedFile(0, broken.stream().map(d -> d.key() + " would be unusable (" + d.problemKind() + ")")
                        .collect(Collectors.joining("; ")));
            }
        }
        next.notes().forEach(note -> Log.warnf("Schema store: %s", note));
        next.unusable().forEach(document ->
                Log.warnf("Schema %s is unusable; requests naming it answer 409: %s", document.origin(), document.problem()));
        Log.infof("Schema store ready: %d documents, %d unusable", next.documents().size(), next.unusable().size());
        return next;
    }

    @Override
    public void close() {
        if (watched != null) {
            watched.close();
        }
    }
}
