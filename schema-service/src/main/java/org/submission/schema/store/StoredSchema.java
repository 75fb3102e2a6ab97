package org.submission.schema.store;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Set;
import org.everit.json.schema.Schema;

/**
 * One stored document, prepared once at start: dereferenced, serialized, measured and compiled
 * for validation, or marked unusable with the reason. Read-only; never compared by value.
 *
 * @param index          position in the store, a stable identity for caches and dependencies
 * @param problem        why it is unusable, with details that may quote the document (for its callers)
 * @param problemKind    the kind of problem only, quoting nothing (for the unauthenticated readiness answer)
 * @param schema         the dereferenced document (shared, read-only), null when unusable
 * @param json           its compact serialization, null when unusable
 * @param formProperties the number of keys of {@code /definitions/form/properties}
 * @param dependsOn      indexes of the stored documents it refers to, directly or transitively
 * @param validator      everit's compiled form, null when unusable
 */
public record StoredSchema(int index, String key, String origin, String id, String problem, String problemKind,
                           ObjectNode schema,
                           byte[] json, int formProperties, Set<Integer> dependsOn, Schema validator) {

    static StoredSchema unusable(RawSchema raw, String problemKind, String problem) {
        return new StoredSchema(raw.index(), raw.key(), raw.source().origin(), raw.id(), problem, problemKind, null,
                null, 0, Set.of(), null);
    }

    public boolean usable() {
        return problem == null;
    }

    /** The document's {@code $id}, else its {@code <institution>/<file>}: how answers name it. */
    public String name() {
        return id != null ? id : key;
    }
}
