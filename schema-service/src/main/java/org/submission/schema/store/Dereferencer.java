package org.submission.schema.store;

import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Replaces every {@code $ref} of a stored document, at any depth, by a copy of its target, until
 * none is left. Targets are found in the store only (never on the network), relative references
 * against the referring document's {@code $id}. Each target is resolved once and reused; a target
 * met again while it is still being resolved is a reference cycle, reported as a problem instead
 * of recursing forever. Reused targets share nodes: the trees are read-only once prepared.
 *
 * <p>Sharing keeps the tree small, but everything after it (the served bytes, the meta-schema check,
 * everit's compiled form) sees the expansion whole: a few kilobytes of references can nest
 * exponentially into gigabytes, or hundreds of levels. So each resolved target carries the size
 * the expansion has as served (values, bytes) and its depth, summed as the copy is built, and a
 * document past a bound is refused before anything is written out.
 */
final class Dereferencer {

    /**
     * Values of one document once resolved. The compiled form costs about 0.3 to 1 KB of heap per
     * value (more the deeper it lies), so this is what bounds a document's memory; the bundled
     * documents have a few hundred each.
     */
    static final long MAX_VALUES = 20_000;

    /** Values of all the documents of one store (or of one preview's), resolved, for the same reason. */
    static final long MAX_STORE_VALUES = 50_000;

    /** Nesting once resolved: everit's recursion overflowed a 256 KiB stack at 90 levels (the bundled documents have 10). */
    static final int MAX_DEPTH = 50;

    static final String TOO_LARGE = "too large once its references are resolved";
    static final String TOO_DEEP = "nested too deeply once its references are resolved";

    private record Target(int document, String pointer) {
    }

    /** A copy with its expanded size as served: values, bytes, and levels of containers ({@code 0} for a scalar). */
    private record Sized(JsonNode node, long values, long bytes, int depth) {
    }

    private final UriIndex<RawSchema> store;
    private final long maxBytes;
    private final Map<Target, Sized> resolved = new HashMap<>();
    private final LinkedHashSet<Target> resolving = new LinkedHashSet<>();
    private final Map<Integer, RawSchema> documents = new HashMap<>();
    private long storeValues;

    Dereferencer(UriIndex<RawSchema> store, long maxBytes) {
        this.store = store;
        this.maxBytes = maxBytes;
    }

    /** The document resolved; {@code MAX_STORE_VALUES} counts the documents dereferenced before it by this instance. */
    ObjectNode dereference(RawSchema document) throws SchemaProblem {
        resolving.clear();
        try {
            Sized whole = resolve(document, "", 1);
            if (storeValues + whole.values() > MAX_STORE_VALUES) {
                throw new SchemaProblem(TOO_LARGE, "the store's documents, " + document.name() + " included, expand to more than "
                        + MAX_STORE_VALUES + " JSON values together");
            }
            storeValues += whole.values();
            return (ObjectNode) whole.node();
        } catch (StackOverflowError e) {
            throw new SchemaProblem(TOO_DEEP, "references in " + document.name() + " nest too deeply");
        }
    }

    /** The other stored documents this one refers to directly; references that cannot be resolved are skipped. */
    Set<Integer> directDependencies(RawSchema document) {
        Set<Integer> found = new TreeSet<>();
        List<JsonNode> pending = new ArrayList<>(List.of(document.json()));
        while (!pending.isEmpty()) {
            JsonNode node = pending.remove(pending.size() - 1);
            JsonNode ref = node.get("$ref");
            if (node.isObject() && ref != null && ref.isTextual()) {
                try {
                    RawSchema target = targetDocument(document, Reference.parse(document, ref.textValue()));
                    if (target.index() != document.index()) {
                        found.add(target.index());
                    }
                } catch (SchemaProblem ignored) {
                    // reported by dereference()
                }
            }
            node.forEach(pending::add);
        }
        return found;
    }

    /** The target, to be placed at {@code level} (the document's root is level 1). */
    private Sized resolve(RawSchema document, String pointer, int level) throws SchemaProblem {
        Target target = new Target(document.index(), pointer);
        Sized done = resolved.get(target);
        if (done != null) {
            checkDepth(document, level + done.depth() - 1);
            return done;
        }
        documents.put(document.index(), document);
        JsonNode node;
        try {
            node = document.json().at(JsonPointer.compile(pointer));
        } catch (IllegalArgumentException e) {
            throw new SchemaProblem("$ref fragment #" + pointer + " is not a JSON Pointer");
        }
        if (node.isMissingNode()) {
            throw new SchemaProblem("$ref target " + document.name() + "#" + pointer + " does not exist");
        }
        if (!resolving.add(target)) {
            throw new SchemaProblem("reference cycle: " + cycle(target));
        }
        try {
            Sized copy = copy(document, node, level);
            resolved.put(target, copy);
            return copy;
        } finally {
            resolving.remove(target);
        }
    }

    private Sized copy(RawSchema document, JsonNode node, int level) throws SchemaProblem {
        if (node.isObject()) {
            JsonNode ref = node.get("$ref");
            if (ref != null) {
                return follow(document, ref, level);
            }
            checkDepth(document, level);
            ObjectNode object = Json.NODES.objectNode();
            long values = 1;
            long bytes = 1 + Math.max(1, node.size());
            int depth = 0;
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> field = it.next();
                Sized value = copy(document, field.getValue(), level + 1);
                object.set(field.getKey(), value.node());
                values = checkValues(document, values + value.values());
                bytes = checkBytes(document, bytes + Json.quotedSize(field.getKey()) + 1 + value.bytes());
                depth = Math.max(depth, value.depth());
            }
            return new Sized(object, values, bytes, depth + 1);
        }
        if (node.isArray()) {
            checkDepth(document, level);
            ArrayNode array = Json.NODES.arrayNode(node.size());
            long values = 1;
            long bytes = 1 + Math.max(1, node.size());
            int depth = 0;
            for (JsonNode element : node) {
                Sized value = copy(document, element, level + 1);
                array.add(value.node());
                values = checkValues(document, values + value.values());
                bytes = checkBytes(document, bytes + value.bytes());
                depth = Math.max(depth, value.depth());
            }
            return new Sized(array, values, bytes, depth + 1);
        }
        return new Sized(node, 1, checkBytes(document, Json.scalarSize(node)), 0);
    }

    private long checkValues(RawSchema document, long values) throws SchemaProblem {
        if (values > MAX_VALUES) {
            throw new SchemaProblem(TOO_LARGE, document.name() + " expands to more than " + MAX_VALUES + " JSON values");
        }
        return values;
    }

    private long checkBytes(RawSchema document, long bytes) throws SchemaProblem {
        if (bytes > maxBytes) {
            throw new SchemaProblem(TOO_LARGE, document.name() + " expands to more than " + maxBytes
                    + " bytes once its references are resolved (SCHEMA_SERVICE_MAX_EXPANDED_SIZE)");
        }
        return bytes;
    }

    private void checkDepth(RawSchema document, int level) throws SchemaProblem {
        if (level > MAX_DEPTH) {
            throw new SchemaProblem(TOO_DEEP, document.name() + " nests deeper than " + MAX_DEPTH
                    + " levels once its references are resolved");
        }
    }

    private Sized follow(RawSchema from, JsonNode ref, int level) throws SchemaProblem {
        if (!ref.isTextual()) {
            throw new SchemaProblem("a $ref in " + from.name() + " is not a string");
        }
        Reference reference = Reference.parse(from, ref.textValue());
        return resolve(targetDocument(from, reference), reference.pointer(), level);
    }

    private RawSchema targetDocument(RawSchema from, Reference reference) throws SchemaProblem {
        if (reference.document() == null) {
            return from;
        }
        RawSchema target = store.find(reference.document());
        if (target == null) {
            throw new SchemaProblem("$ref " + reference.text() + " in " + from.name()
                    + ": no stored schema matches " + reference.document());
        }
        if (target.problem() != null) {
            throw new SchemaProblem("$ref " + reference.text() + " in " + from.name() + " refers to "
                    + target.name() + ", which is unusable (" + target.problem() + ")");
        }
        return target;
    }

    private String cycle(Target repeated) {
        StringBuilder path = new StringBuilder();
        boolean inCycle = false;
        for (Target target : resolving) {
            inCycle |= target.equals(repeated);
            if (inCycle) {
                path.append(describe(target)).append(" -> ");
            }
        }
        return path.append(describe(repeated)).toString();
    }

    private String describe(Target target) {
        return documents.get(target.document()).name() + "#" + target.pointer();
    }

    /** A {@code $ref} split into the document it names (absolute, or null for "this document") and a JSON Pointer. */
    record Reference(String text, String document, String pointer) {

        static Reference parse(RawSchema from, String text) throws SchemaProblem {
            int hash = text.indexOf('#');
            String location = hash < 0 ? text : text.substring(0, hash);
            String fragment = hash < 0 ? "" : text.substring(hash + 1);
            String pointer;
            try {
                pointer = URLDecoder.decode(fragment.replace("+", "%2B"), StandardCharsets.UTF_8);
            } catch (IllegalArgumentException e) {
                throw new SchemaProblem("$ref " + text + " in " + from.name() + " has a malformed fragment");
            }
            if (!pointer.isEmpty() && !pointer.startsWith("/")) {
                throw new SchemaProblem("$ref " + text + " in " + from.name()
                        + ": only JSON Pointer fragments are supported");
            }
            if (location.isEmpty()) {
                return new Reference(text, null, pointer);
            }
            try {
                return new Reference(text, from.base().resolve(new URI(location)).toString(), pointer);
            } catch (URISyntaxException | IllegalArgumentException e) {
                throw new SchemaProblem("$ref " + text + " in " + from.name() + " is not a URI reference");
            }
        }
    }
}
