package org.submission.schema.store;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.everit.json.schema.Schema;

/**
 * Builds the store once: parse, dereference, check against the draft-07 meta-schema, compile for
 * validation. The bundled documents are first prepared on their own and must all be usable, else
 * start-up fails; then the folder's documents are added, and may replace bundled ones (same
 * {@code $id} or same {@code <institution>/<file>}; the later one wins). A bad folder document
 * stays in the store as unusable, so requests naming it answer 409.
 */
public final class SchemaStoreLoader {

    private static final String NOT_A_SCHEMA = "not a usable draft-07 schema";

    private SchemaStoreLoader() {
    }

    /** {@code maxBytes}: the largest a document may be once its references are resolved, as served. */
    public static SchemaStore load(ClassLoader classLoader, Optional<Path> folder, long maxBytes) {
        return build(SchemaSources.bundled(classLoader), folder.map(SchemaSources::directory).orElse(List.of()), maxBytes);
    }

    public static SchemaStore build(List<SchemaSource> bundled, List<SchemaSource> extra, long maxBytes) {
        SchemaStore alone = prepare(bundled, maxBytes);
        if (!alone.unusable().isEmpty()) {
            throw new InvalidBundledSchemaException("bundled schema documents are unusable: " + alone.unusable().stream()
                    .map(d -> d.origin() + ": " + d.problem()).collect(Collectors.joining("; ")));
        }
        return extra.isEmpty() ? alone : prepare(Stream.concat(bundled.stream(), extra.stream()).toList(), maxBytes);
    }

    /**
     * The store as it would be with these documents added to its folder: prepared afresh from the
     * stored texts and the drafts, for one preview, and never kept. Drafts come last, so a draft
     * replaces a stored document of the same {@code $id} or {@code <institution>/<file>}; each within
     * the bounds the stored one was prepared with.
     */
    public static SchemaStore withDrafts(SchemaStore stored, List<SchemaSource> drafts) {
        return drafts.isEmpty() ? stored
                : prepare(Stream.concat(stored.sources().stream(), drafts.stream()).toList(), stored.maxBytes());
    }

    static SchemaStore prepare(List<SchemaSource> sources, long maxBytes) {
        List<String> notes = new ArrayList<>();
        List<RawSchema> raws = new ArrayList<>();
        UriIndex<RawSchema> rawIndex = new UriIndex<>();
        for (SchemaSource source : sources) {
            RawSchema raw = RawSchema.parse(raws.size(), source);
            raws.add(raw);
            String replaced = rawIndex.add(raw.id(), raw.key(), raw, source.origin());
            if (!replaced.isEmpty()) {
                notes.add(replaced);
            }
        }
        Dereferencer dereferencer = new Dereferencer(rawIndex, maxBytes);
        List<StoredSchema> prepared = new ArrayList<>();
        List<Set<Integer>> direct = new ArrayList<>();
        for (RawSchema raw : raws) {
            direct.add(raw.problem() == null ? dereferencer.directDependencies(raw) : Set.of());
            prepared.add(prepare(raw, dereferencer));
        }
        UriIndex<StoredSchema> index = new UriIndex<>();
        List<StoredSchema> documents = new ArrayList<>();
        for (StoredSchema document : prepared) {
            StoredSchema complete = document.usable() ? withDependencies(document, direct) : document;
            documents.add(complete);
            index.add(complete.id(), complete.key(), complete, complete.origin());
        }
        return new SchemaStore(documents, index, notes, sources, maxBytes);
    }

    private static StoredSchema prepare(RawSchema raw, Dereferencer dereferencer) {
        if (raw.problem() != null) {
            return StoredSchema.unusable(raw, raw.problem(), raw.problem());
        }
        try {
            ObjectNode schema = dereferencer.dereference(raw);
            // checked as served: a $ref may stand where the meta-schema wants a string (a title, say)
            Draft07.checkDocument(schema);
            Schema validator = Draft07.validator(schema);
            return new StoredSchema(raw.index(), raw.key(), raw.source().origin(), raw.id(), null, null, schema,
                    Json.bytes(schema), formProperties(schema), Set.of(), validator);
        } catch (SchemaProblem e) {
            return StoredSchema.unusable(raw, e.kind() == null ? NOT_A_SCHEMA : e.kind(), e.getMessage());
        } catch (RuntimeException | StackOverflowError e) {
            // an operator's file or an author's draft must never stop the service, nor the thread preparing
            // the store: the depth bound keeps everit's recursion short, and any recursion it does not
            // foresee costs this document only (a bundled one still stops the start, by being unusable)
            return StoredSchema.unusable(raw, NOT_A_SCHEMA, "cannot be prepared: " + e);
        }
    }

    private static int formProperties(ObjectNode schema) {
        JsonNode properties = schema.at("/definitions/form/properties");
        return properties.isObject() ? properties.size() : 0;
    }

    private static StoredSchema withDependencies(StoredSchema document, List<Set<Integer>> direct) {
        Set<Integer> reached = new TreeSet<>();
        Deque<Integer> pending = new ArrayDeque<>(direct.get(document.index()));
        while (!pending.isEmpty()) {
            int next = pending.pop();
            if (next != document.index() && reached.add(next)) {
                pending.addAll(direct.get(next));
            }
        }
        return new StoredSchema(document.index(), document.key(), document.origin(), document.id(), null, null,
                document.schema(), document.json(), document.formProperties(), Collections.unmodifiableSet(reached),
                document.validator());
    }
}
