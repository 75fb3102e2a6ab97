package org.submission.policy.service;

import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** The answer of {@code /policy/repositories}; both arrays are always present, ordered by id. */
@Schema(description = "Repositories that must (required) or may (optional) be deposited into")
public record RepositoryChoice(
        @Schema(required = true, description = "Ascending numeric id order; [] when none") List<RepositoryEntry> required,
        @Schema(required = true, description = "Ascending numeric id order; [] when none") List<RepositoryEntry> optional) {
}
