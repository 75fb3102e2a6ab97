package org.submission.schema.store;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The prepared documents and the URI lookup over them; immutable. A changed SCHEMA_SERVICE_DIR gives
 * a new store ({@link SchemaStores}), told apart by its {@link #generation()} in the answer caches.
 */
public final class SchemaStore {

    /** Bounds the remembered lookups: schema URIs come from the database, a few per repository. */
    private static final int MAX_REMEMBERED = 10_000;
    private static final AtomicLong GENERATIONS = new AtomicLong();

    private final List<StoredSchema> documents;
    private final UriIndex<StoredSchema> index;
    private final List<String> notes;
    private final List<SchemaSource> sources;
    private final long maxBytes;
    private final long generation = GENERATIONS.incrementAndGet();
    private final Map<String, Optional<StoredSchema>> found = new ConcurrentHashMap<>();

    SchemaStore(List<StoredSchema> documents, UriIndex<StoredSchema> index, List<String> notes, List<SchemaSource> sources,
                long maxBytes) {
        this.documents = List.copyOf(documents);
        this.index = index;
        this.notes = List.copyOf(notes);
        this.sources = List.copyOf(sources);
        this.maxBytes = maxBytes;
    }

    /** The document a schema URI names, by {@code $id} first, then by {@code <institution>/<file>}. */
    public Optional<StoredSchema> find(String uri) {
        Optional<StoredSchema> known = found.get(uri);
        if (known != null) {
            return known;
        }
        Optional<StoredSchema> document = Optional.ofNullable(index.find(uri));
        if (found.size() < MAX_REMEMBERED) {
            found.put(uri, document);
        }
        return document;
    }

    /** Distinct for every store prepared in this process: document indexes mean something only within one. */
    public long generation() {
        return generation;
    }

    public List<StoredSchema> documents() {
        return documents;
    }

    public List<StoredSchema> unusable() {
        return documents.stream().filter(d -> !d.usable()).toList();
    }

    /** The text each document was prepared from, at the document's index: what a store with drafts is prepared from again. */
    public SchemaSource source(StoredSchema document) {
        return sources.get(document.index());
    }

    List<SchemaSource> sources() {
        return sources;
    }

    /** The largest a document of it may be once its references are resolved, as served: what drafts are prepared with too. */
    long maxBytes() {
        return maxBytes;
    }

    /** Things an operator should know about the store (documents replacing others), for the start-up log. */
    public List<String> notes() {
        return notes;
    }
}
