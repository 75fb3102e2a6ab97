package org.submission.doi.rest;

import io.quarkus.security.Authenticated;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.ParameterIn;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.submission.doi.journal.Journals;
import org.submission.doi.manuscript.Manuscripts;
import org.submission.doi.model.Doi;
import org.submission.platform.error.ApiException;
import org.submission.platform.error.ErrorBody;
import org.submission.platform.security.XsrfOnEveryRequest;

@Path("/doi")
@XsrfOnEveryRequest
@Authenticated
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "DOI", description = "Journal record and open-access manuscripts of an article, by DOI")
public class DoiResource {

    private final Journals journals;
    private final Manuscripts manuscripts;
    private final SecurityIdentity caller;

    public DoiResource(Journals journals, Manuscripts manuscripts, SecurityIdentity caller) {
        this.journals = journals;
        this.manuscripts = manuscripts;
        this.caller = caller;
    }

    @GET
    @Path("/journal")
    @Parameter(name = "X-XSRF-TOKEN", in = ParameterIn.HEADER, required = true,
            description = "The value of the XSRF-TOKEN cookie (XSRF double submit)")
    @Parameter(name = "XSRF-TOKEN", in = ParameterIn.COOKIE, required = true,
            description = "The token the service issued as a cookie; echoed in the X-XSRF-TOKEN header")
    @Operation(summary = "The article's journal record and registry metadata",
            description = "Asks the registry (Crossref) for the work, finds the Journal record sharing an ISSN or the"
                    + " name with the work's journal, updates it unless it is curated, or creates it, and answers its id"
                    + " with the registry's whole response, normalised (no NUL characters; ISSN lists cut to 8, authors to"
                    + " 10,000; an abstract holding markup becomes safe HTML). One piece of work per"
                    + " DOI at a time: another request for it gets 429, or with DOI_SERVICE_SAME_DOI=share waits for the same"
                    + " answer. Needs the X-XSRF-TOKEN header equal to the XSRF-TOKEN cookie.")
    @APIResponse(responseCode = "200", description = "The journal id and the registry's response",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = JournalAnswer.class)))
    @APIResponse(responseCode = "400", description = "The DOI is missing or not valid", content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    @APIResponse(responseCode = "401", description = "No valid credentials", content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    @APIResponse(responseCode = "403", description = "Missing or mismatched X-XSRF-TOKEN header", content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    @APIResponse(responseCode = "404", description = "The registry does not know the DOI", content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    @APIResponse(responseCode = "422", description = "The work names no journal to find or create (a book chapter, for example)", content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    @APIResponse(responseCode = "429", description = "A request for the same DOI is already being processed (DOI_SERVICE_SAME_DOI=reject, the default), or the caller has its share of requests under way (DOI_CALLER_SHARE); header Retry-After: 1", content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    @APIResponse(responseCode = "502", description = "The registry failed, answered an error, or sent no JSON object (or one nested deeper than 32 levels)", content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    @APIResponse(responseCode = "503", description = "The registry is rate-limiting or known to be down, or the database is unavailable; header Retry-After", content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    @APIResponse(responseCode = "504", description = "The registry did not answer within the deadline", content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    public Uni<JournalAnswer> journal(@QueryParam("doi") @Parameter(in = ParameterIn.QUERY, required = true,
            description = DOI_PARAMETER, schema = @Schema(type = SchemaType.STRING, maxLength = Doi.MAX_LENGTH),
            example = "10.4137/cmc.s38446") String doi) {
        return parse(doi).chain(valid -> journals.journal(valid, caller.getPrincipal().getName())).map(JournalAnswer::of);
    }

    @GET
    @Path("/registry")
    @Parameter(name = "X-XSRF-TOKEN", in = ParameterIn.HEADER, required = true,
            description = "The value of the XSRF-TOKEN cookie (XSRF double submit)")
    @Parameter(name = "XSRF-TOKEN", in = ParameterIn.COOKIE, required = true,
            description = "The token the service issued as a cookie; echoed in the X-XSRF-TOKEN header")
    @Operation(summary = "The article's dates and funders from the registry, read-only",
            description = "The registry (Crossref) record's accepted, published-online, published-print and issued dates and"
                    + " its funder entries (Funder DOI, name, identifiers such as a ROR id, award numbers; the first 100, and"
                    + " whether more were left out). The same caches and single flight as /doi/journal: a lookup of the DOI"
                    + " under way is joined, never refused, and no Journal record is read, created or changed."
                    + " Needs the X-XSRF-TOKEN header equal to the XSRF-TOKEN cookie.")
    @APIResponse(responseCode = "200", description = "The record's dates and funders",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = RegistryAnswer.class)))
    @APIResponse(responseCode = "400", description = "The DOI is missing or not valid", content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    @APIResponse(responseCode = "401", description = "No valid credentials", content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    @APIResponse(responseCode = "403", description = "Missing or mismatched X-XSRF-TOKEN header", content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    @APIResponse(responseCode = "404", description = "The registry does not know the DOI", content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    @APIResponse(responseCode = "429", description = "The caller has its share of lookups under way (DOI_LOOKUP_QUEUE); header Retry-After: 1", content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    @APIResponse(responseCode = "502", description = "The registry failed, answered an error, or sent no JSON object", content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    @APIResponse(responseCode = "503", description = "The registry is rate-limiting or known to be down, every place for a registry call is taken, or the database is unavailable; header Retry-After", content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    @APIResponse(responseCode = "504", description = "The registry did not answer within the deadline", content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    public Uni<RegistryAnswer> registry(@QueryParam("doi") @Parameter(in = ParameterIn.QUERY, required = true,
            description = DOI_PARAMETER, schema = @Schema(type = SchemaType.STRING, maxLength = Doi.MAX_LENGTH),
            example = "10.4137/cmc.s38446") String doi) {
        return parse(doi).chain(valid -> journals.record(valid, caller.getPrincipal().getName())
                .map(record -> RegistryAnswer.of(valid.toString(), record)));
    }

    @GET
    @Path("/manuscript")
    @Parameter(name = "X-XSRF-TOKEN", in = ParameterIn.HEADER, required = true,
            description = "The value of the XSRF-TOKEN cookie (XSRF double submit)")
    @Parameter(name = "XSRF-TOKEN", in = ParameterIn.COOKIE, required = true,
            description = "The token the service issued as a cookie; echoed in the X-XSRF-TOKEN header")
    @Operation(summary = "Open-access manuscript files of the article",
            description = "Asks the open-access lookup service (Unpaywall) for the DOI and answers one entry per"
                    + " location with a PDF at an http(s) address, the best first, with a safe file name, a plain-text label,"
                    + " the copy's version, host type, licence and landing page, and the article's open-access status."
                    + " A DOI unknown to the lookup service gives an empty list. Identical requests during a lookup share its answer."
                    + " Needs the X-XSRF-TOKEN header equal to the XSRF-TOKEN cookie.")
    @APIResponse(responseCode = "200", description = "The manuscript locations, possibly none",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ManuscriptList.class)))
    @APIResponse(responseCode = "400", description = "The DOI is missing or not valid", content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    @APIResponse(responseCode = "401", description = "No valid credentials", content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    @APIResponse(responseCode = "403", description = "Missing or mismatched X-XSRF-TOKEN header", content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    @APIResponse(responseCode = "429", description = "The caller has every lookup place of the instance running or waiting and another caller needs one, or more than DOI_LOOKUP_QUEUE waiting; header Retry-After: 1", content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    @APIResponse(responseCode = "502", description = "The lookup service failed, answered an error, or sent no JSON object (or one nested deeper than 32 levels)", content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    @APIResponse(responseCode = "503", description = "The lookup service is rate-limiting or known to be down; header Retry-After", content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    @APIResponse(responseCode = "504", description = "The lookup service did not answer within the deadline", content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    public Uni<ManuscriptList> manuscript(@QueryParam("doi") @Parameter(in = ParameterIn.QUERY, required = true,
            description = DOI_PARAMETER, schema = @Schema(type = SchemaType.STRING, maxLength = Doi.MAX_LENGTH),
            example = "10.4137/cmc.s38446") String doi) {
        return parse(doi).chain(valid -> manuscripts.manuscripts(valid, caller.getPrincipal().getName())).map(ManuscriptList::of);
    }

    private static final String DOI_PARAMETER = "The article's DOI, 10.<registrant>/<suffix>; surrounding whitespace,"
            + " a doi: prefix and anything up to a doi.org/ are ignored (https://doi.org/10.4137/cmc.s38446 works)";

    private static Uni<Doi> parse(String doi) {
        return Doi.parse(doi).map(valid -> Uni.createFrom().item(valid))
                .orElseGet(() -> Uni.createFrom().failure(ApiException.badRequest(Doi.INVALID)));
    }
}
