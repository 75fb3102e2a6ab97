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
 */
final class Dereferencer {

    /** Refuses documents that expand beyond this many JSON nodes (references can nest exponentially). */
    static final long MAX_NODES = 1_000_000;

    private record Target(int document, String pointer) {
    }

    private record Sized(JsonNode node, long size) {
    }

    private final UriIndex<RawSchema> store;
    private final Map<Target, Sized> resolved = new HashMap<>();
    private final LinkedHashSet<Target> resolving = new LinkedHashSet<>();
    private final Map<Integer, RawSchema> documents = new HashMap<>();

    Dereferencer(UriIndex<RawSchema> store) {
        this.store = store;
    }

    ObjectNode dereference(RawSchema document) throws SchemaProblem {
        resolving.clear();
        try {
            return (ObjectNode) resolve(document, "").node();
        } catch (StackOverflowError e) {
            throw new SchemaProblem("references in " + document.name() + " nest too deeply");
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

    private Sized resolve(RawSchema document, String pointer) throws SchemaProblem {
        Target target = new Target(document.index(), pointer);
        Sized done = resolved.get(target);
        if (done != null) {
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
            Sized copy = copy(document, node);
            resolved.put(target, copy);
            return copy;
        } finally {
            resolving.remove(target);
        }
    }

    private Sized copy(RawSchema document, JsonNode node) throws SchemaProblem {
        long size = 1;
        JsonNode copy;
        if (node.isObject()) {
            JsonNode ref = node.get("$ref");
            if (ref != null) {
                return follow(document, ref);
            }
            ObjectNode object = Json.NODES.objectNode();
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> field = it.next();
                Sized value = copy(document, field.getValue());
                object.set(field.getKey(), value.node());
                size += value.size();
            }
            copy = object;
        } else if (node.isArray()) {
            ArrayNode array = Json.NODES.arrayNode(node.size());
            for (JsonNode element : node) {
                Sized value = copy(document, element);
                array.add(value.node());
                size += value.size();
            }
            copy = array;
        } else {
            copy = node;
        }
        if (size > MAX_NODES) {
            throw new SchemaProblem(document.name() + " expands to more than " + MAX_NODES + " JSON values");
        }
        return new Sized(copy, size);
    }

    private Sized follow(RawSchema from, JsonNode ref) throws SchemaProblem {
        if (!ref.isTextual()) {
            throw new SchemaProblem("a $ref in " + from.name() + " is not a string");
        }
        Reference reference = Reference.parse(from, ref.textValue());
        return resolve(targetDocument(from, reference), reference.pointer());
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
