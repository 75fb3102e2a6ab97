package org.submission.schema.service;

import com.fasterxml.jackson.databind.node.ArrayNode;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.List;
import org.submission.schema.store.Json;
import org.submission.schema.store.StoredSchema;
import org.submission.platform.error.ApiException;

/**
 * The answer to one schema request, computed once per distinct set of documents and kept: the
 * body bytes and their strong entity tag (unquoted), or the merge conflict to answer with.
 */
public record SchemaAnswer(byte[] body, String etag, String conflict) {

    /** What an answer depends on: the store, its documents in first-seen order, and whether they are merged. */
    public record Key(long store, List<Integer> documents, boolean merged) {

        static Key of(SchemaService.Documents firstSeen, boolean merged) {
            return new Key(firstSeen.generation(), firstSeen.indexes(), merged);
        }
    }

    static SchemaAnswer compute(List<StoredSchema> firstSeen, boolean merged) {
        List<StoredSchema> ordered = SchemaOrder.order(firstSeen);
        if (!merged) {
            return of(concatenated(ordered));
        }
        try {
            ArrayNode answer = Json.NODES.arrayNode(1).add(SchemaMerger.merge(ordered.stream().map(StoredSchema::schema).toList()));
            return of(Json.bytes(answer));
        } catch (SchemaMerger.Conflict conflict) {
            return new SchemaAnswer(null, null, conflict.getMessage());
        }
    }

    /** The answer's body, or the conflict as a 409. */
    SchemaAnswer orThrow() {
        if (conflict != null) {
            throw ApiException.conflict(conflict + " (repeat the request with merge=false for the unmerged schemas)");
        }
        return this;
    }

    /** Each document was serialized once at start; the array is their concatenation. */
    private static byte[] concatenated(List<StoredSchema> ordered) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(ordered.stream().mapToInt(d -> d.json().length + 1).sum() + 1);
        out.write('[');
        for (int i = 0; i < ordered.size(); i++) {
            if (i > 0) {
                out.write(',');
            }
            out.writeBytes(ordered.get(i).json());
        }
        out.write(']');
        return out.toByteArray();
    }

    public static SchemaAnswer of(byte[] body) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(body);
            return new SchemaAnswer(body, Base64.getUrlEncoder().withoutPadding().encodeToString(digest), null);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }

    @Override
    public String toString() {
        return conflict != null ? "conflict: " + conflict : new String(body, StandardCharsets.UTF_8);
    }
}
