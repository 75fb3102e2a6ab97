package org.submission.policy.rest;

import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.submission.policy.service.RepositoryChoice;

/** The answer of {@code /policy/repositories}; both arrays are always present, ordered by id. */
@Schema(name = "RepositoryChoice", description = "Repositories that must (required) or may (optional) be deposited into")
public record RepositoryChoiceBody(
        @Schema(required = true, description = "Ascending numeric id order; [] when none") List<RepositoryEntryBody> required,
        @Schema(required = true, description = "Ascending numeric id order; [] when none") List<RepositoryEntryBody> optional) {

    static RepositoryChoiceBody of(RepositoryChoice choice) {
        return new RepositoryChoiceBody(RepositoryEntryBody.of(choice.required()), RepositoryEntryBody.of(choice.optional()));
    }
}
