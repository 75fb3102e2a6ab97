package org.submission.schema.rest;

import jakarta.ws.rs.Path;
import org.submission.schema.service.SchemaService;

/** {@code /schema}, the path a later client release calls: the same endpoints. */
@Path("/schema")
public class SchemaAliasResource extends SchemaEndpoints {

    public SchemaAliasResource(SchemaService service) {
        super(service);
    }
}
