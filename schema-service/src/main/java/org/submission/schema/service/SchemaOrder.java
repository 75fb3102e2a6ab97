package org.submission.schema.service;

import java.util.Comparator;
import java.util.List;
import java.util.stream.IntStream;
import org.submission.schema.store.StoredSchema;

/**
 * "Schemas providing the most dependencies come first": by the number of documents of the set that
 * depend on one, directly or transitively (more first), then by the number of form properties (more
 * first), then by first-seen position. A document is counted before everything that depends on it,
 * since each of its dependents has fewer dependents than it has, so this is a topological order.
 */
public final class SchemaOrder {

    private SchemaOrder() {
    }

    /** Orders documents given in first-seen order (each once). */
    public static List<StoredSchema> order(List<StoredSchema> firstSeen) {
        int[] dependents = new int[firstSeen.size()];
        for (int i = 0; i < firstSeen.size(); i++) {
            for (StoredSchema other : firstSeen) {
                if (other.dependsOn().contains(firstSeen.get(i).index())) {
                    dependents[i]++;
                }
            }
        }
        return IntStream.range(0, firstSeen.size()).boxed()
                .sorted(Comparator.<Integer>comparingInt(i -> -dependents[i])
                        .thenComparingInt(i -> -firstSeen.get(i).formProperties())
                        .thenComparingInt(i -> i))
                .map(firstSeen::get)
                .toList();
    }
}
