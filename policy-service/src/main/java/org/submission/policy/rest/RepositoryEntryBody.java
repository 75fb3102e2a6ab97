package org.submission.policy.rest;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.submission.policy.service.RepositoryEntry;

/** One repository to deposit into; {@code reasons} only with {@code explain=true}. */
@Schema(name = "RepositoryEntry", description = "A repository the submission must or may be deposited into")
public record RepositoryEntryBody(
        @Schema(description = "Id of the Repository record, as a string", examples = "10", required = true)
        String url,
        @Schema(description = "Whether the user interface ticks this repository by default", required = true)
        boolean selected,
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @Schema(description = "With explain=true only: the applicable effective policies that list the "
                + "repository, e.g. {\"policy\": \"20\"}, and why the institutional repository is optional")
        List<Map<String, String>> reasons) {

    static List<RepositoryEntryBody> of(List<RepositoryEntry> entries) {
        return entries.stream().map(e -> new RepositoryEntryBody(e.url(), e.selected(), e.reasons())).toList();
    }
}
