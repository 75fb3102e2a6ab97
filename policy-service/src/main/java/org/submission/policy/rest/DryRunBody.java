package org.submission.policy.rest;

import java.util.LinkedHashMap;
import java.util.Map;
import org.submission.policy.service.DryRun;

/** The dry run's answer, members in the documented order. */
final class DryRunBody {

    private DryRunBody() {
    }

    static Map<String, Object> of(DryRun.Outcome outcome) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("submissions", outcome.submissions());
        body.put("changed", outcome.changes().size());
        body.put("changes", outcome.changes().stream().map(change -> {
            Map<String, Object> one = new LinkedHashMap<>();
            one.put("submission", String.valueOf(change.submission()));
            one.put("policies", beforeAfter(PolicyEntryBody.of(change.policiesBefore()),
                    PolicyEntryBody.of(change.policiesAfter())));
            one.put("repositories", beforeAfter(RepositoryChoiceBody.of(change.repositoriesBefore()),
                    RepositoryChoiceBody.of(change.repositoriesAfter())));
            return one;
        }).toList());
        return body;
    }

    private static Map<String, Object> beforeAfter(Object before, Object after) {
        Map<String, Object> pair = new LinkedHashMap<>();
        pair.put("before", before);
        pair.put("after", after);
        return pair;
    }
}
