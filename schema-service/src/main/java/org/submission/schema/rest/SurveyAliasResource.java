package org.submission.schema.rest;

import jakarta.ws.rs.Path;
import org.submission.schema.service.survey.SurveyService;

/** {@code /schema/surveyjs}, beside the {@code /schema} path a later client release calls: the same endpoints. */
@Path("/schema/surveyjs")
public class SurveyAliasResource extends SurveyEndpoints {

    public SurveyAliasResource(SurveyService service) {
        super(service);
    }
}
