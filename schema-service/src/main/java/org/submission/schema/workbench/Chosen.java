package org.submission.schema.workbench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.submission.platform.error.ApiException;
import org.submission.schema.service.SchemaOrder;
import org.submission.schema.service.SchemaService;
import org.submission.schema.store.SchemaStore;
import org.submission.schema.store.SchemaStoreLoader;
import org.submission.schema.store.StoredSchema;

/**
 * The documents a selection names, found in the store as it would be with the drafts in its
 * folder: the repositories' schemas, then the chosen schemas, then the drafts, each document once.
 * Where the service would answer 409, the same message is kept here, every one of them rather than
 * the first, so that an author sees all that is wrong at once.
 *
 * @param store     the store with the drafts, for this selection only
 * @param ordered   the documents in the service's dependency order (empty when there are errors)
 * @param errors    the 409 messages, each once
 */
record Chosen(SchemaStore store, List<StoredSchema> ordered, List<String> errors) {

    static Chosen of(SchemaStore stored, Map<Long, List<String>> urisById, Selection selection) {
        SchemaStore store = SchemaStoreLoader.withDrafts(stored, selection.drafts());
        Map<Integer, StoredSchema> found = new LinkedHashMap<>();
        Set<String> errors = new LinkedHashSet<>();
        urisById.forEach((id, uris) -> uris.forEach(uri -> add(store, uri, "of repository " + id, found, errors)));
        selection.schemas().forEach(uri -> add(store, uri, "(chosen)", found, errors));
        selection.drafts().forEach(draft -> add(store, draft.key(), "(a draft)", found, errors));
        List<StoredSchema> ordered = errors.isEmpty() ? SchemaOrder.order(new ArrayList<>(found.values())) : List.of();
        return new Chosen(store, ordered, List.copyOf(errors));
    }

    /** The documents, or the first error as the 409 the service would answer. */
    List<StoredSchema> orThrow() {
        if (!errors.isEmpty()) {
            throw ApiException.conflict(errors.get(0));
        }
        return ordered;
    }

    private static void add(SchemaStore store, String uri, String whose, Map<Integer, StoredSchema> found, Set<String> errors) {
        try {
            StoredSchema document = SchemaService.usable(store, uri, whose);
            found.putIfAbsent(document.index(), document);
        } catch (ApiException e) {
            errors.add(e.getMessage());
        }
    }
}
