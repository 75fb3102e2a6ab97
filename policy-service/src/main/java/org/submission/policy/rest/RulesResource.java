package org.submission.policy.rest;

import io.quarkus.security.Authenticated;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.resteasy.reactive.RestQuery;
import org.submission.platform.error.ApiException;
import org.submission.platform.security.Roles;
import org.submission.policy.rules.RulesParser;
import org.submission.policy.service.DryRun;

/** {@code POST /policy/rules/dry-run}: a candidate rules file tried on recent submissions before it goes live. */
@Path("/policy/rules")
@Authenticated
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Policy rules")
public class RulesResource {

    private static final List<String> YAML = List.of("application/yaml", "text/yaml");

    private final DryRun dryRun;

    public RulesResource(DryRun dryRun) {
        this.dryRun = dryRun;
    }

    @POST
    @Path("dry-run")
    // checked on the request's head, before the candidate (up to the body limit) is read
    @RolesAllowed(Roles.BACKEND)
    @Consumes(MediaType.WILDCARD)
    @Operation(summary = "Try a candidate rules file", description = "Replays the submissions submitted since the date"
            + " (default 90 days ago), newest first, at most limit (default 1000, at most 10000), through the current"
            + " rules and the candidate, and lists the submissions whose policies or repositories would change."
            + " Changes nothing; one dry run at a time per instance. Backend accounts only; needs the XSRF double submit as every POST.")
    @APIResponse(responseCode = "200", description = "{\"submissions\": N, \"changed\": M, \"changes\": [...]}")
    @APIResponse(responseCode = "400", description = "The candidate refused (its line and the reason), or since/limit malformed")
    @APIResponse(responseCode = "403", description = "Not a backend account")
    @APIResponse(responseCode = "415", description = "Body not application/yaml or text/yaml")
    @APIResponse(responseCode = "429", description = "Another dry run is running on this instance (Retry-After)")
    public Uni<Map<String, Object>> dryRun(byte[] body,
                                           @Parameter(description = "YYYY-MM-DD, default 90 days ago") @RestQuery String since,
                                           @Parameter(description = "1 to 10000, default 1000") @RestQuery String limit,
                                           @Parameter(hidden = true) @HeaderParam("Content-Type") String contentType) {
        return Uni.createFrom().deferred(() -> {
            String type = contentType == null ? "" : contentType.split(";")[0].trim().toLowerCase(java.util.Locale.ROOT);
            if (!YAML.contains(type)) {
                throw ApiException.unsupportedMediaType("Send the candidate rules file as application/yaml or text/yaml.");
            }
            if (body.length > RulesParser.MAX_BYTES) {
                throw ApiException.badRequest("The candidate rules are refused: larger than " + RulesParser.MAX_BYTES / 1024 + " KB.");
            }
            return dryRun.replay(body, since(since), limit(limit));
        }).map(DryRunBody::of);
    }

    private static LocalDate since(String value) {
        if (value == null || value.isBlank()) {
            return LocalDate.now().minusDays(DryRun.DEFAULT_DAYS);
        }
        try {
            return LocalDate.parse(value.trim());
        } catch (DateTimeParseException e) {
            throw ApiException.badRequest("since must be a date, YYYY-MM-DD.");
        }
    }

    private static int limit(String value) {
        if (value == null || value.isBlank()) {
            return DryRun.DEFAULT_LIMIT;
        }
        try {
            int limit = Integer.parseInt(value.trim());
            if (limit >= 1 && limit <= DryRun.MAX_LIMIT) {
                return limit;
            }
        } catch (NumberFormatException e) {
            // answered below
        }
        throw ApiException.badRequest("limit must be a whole number from 1 to " + DryRun.MAX_LIMIT + ".");
    }
}
