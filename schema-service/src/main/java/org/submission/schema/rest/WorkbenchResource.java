package org.submission.schema.rest;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.security.Authenticated;
import io.smallrye.common.annotation.Blocking;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Request;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.submission.schema.workbench.Workbench;
import org.submission.schema.workbench.WorkbenchAssets;

/**
 * The schema author's workbench: the page and its libraries (bundled at build time, served with a
 * strict Content-Security-Policy by {@link WorkbenchAssets}) and the JSON its script calls. Not in
 * the OpenAPI document: the page is its interface. POSTs need the XSRF double submit like every
 * state-changing request, though they change nothing, so a page of another site cannot spend the
 * caller's validation share.
 */
@Path("/schemaservice/workbench")
@Authenticated
public class WorkbenchResource {

    private final Workbench workbench;
    private final WorkbenchAssets assets;

    public WorkbenchResource(Workbench workbench, WorkbenchAssets assets) {
        this.workbench = workbench;
        this.assets = assets;
    }

    @GET
    @Blocking
    @Operation(hidden = true)
    public Response page(@Context Request request) {
        workbench.requireEnabled();
        return file(WorkbenchAssets.PAGE, request);
    }

    @GET
    @Path("assets/{name}")
    @Blocking
    @Operation(hidden = true)
    public Response asset(@PathParam("name") String name, @Context Request request) {
        workbench.requireEnabled();
        return file(name, request);
    }

    @GET
    @Path("catalog")
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(hidden = true)
    public Uni<ObjectNode> catalog() {
        workbench.requireEnabled();
        return workbench.catalog();
    }

    @POST
    @Path("preview")
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(hidden = true)
    public Uni<ObjectNode> preview(byte[] body, @Context SecurityContext security) {
        workbench.requireEnabled();
        return workbench.preview(SchemaResource.caller(security), body);
    }

    @POST
    @Path("validate")
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(hidden = true)
    public Uni<ValidationReportBody> validate(byte[] body, @Context SecurityContext security) {
        workbench.requireEnabled();
        return workbench.validate(SchemaResource.caller(security), body, JsonBodyReader::metadataBlob).map(ValidationReportBody::of);
    }

    private Response file(String name, Request request) {
        WorkbenchAssets.File file = assets.file(name);
        return ConditionalGet.answer(request, file.body(), file.tag(), file.type())
                .header("Content-Security-Policy", WorkbenchAssets.CONTENT_SECURITY_POLICY)
                .header("Referrer-Policy", "no-referrer").build();
    }
}
