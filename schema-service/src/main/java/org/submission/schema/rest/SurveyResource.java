package org.submission.schema.rest;

import jakarta.ws.rs.Path;
import org.submission.schema.service.survey.SurveyService;

/** {@code /schemaservice/surveyjs} and {@code /schemaservice/surveyjs/repositories}. */
@Path("/schemaservice/surveyjs")
public class SurveyResource extends SurveyEndpoints {

    public SurveyResource(SurveyService service) {
        super(service);
    }
}
