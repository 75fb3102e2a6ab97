package org.submission.schema.rest;

import jakarta.ws.rs.Path;
import org.submission.schema.service.SchemaService;

/** {@code /schemaservice} and {@code /schemaservice/validate}. */
@Path("/schemaservice")
public class SchemaResource extends SchemaEndpoints {

    public SchemaResource(SchemaService service) {
        super(service);
    }
}
