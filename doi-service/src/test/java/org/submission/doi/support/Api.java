package org.submission.doi.support;

import static io.restassured.RestAssured.given;

import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;

/** Requests as the seed's examples send them: backend Basic credentials and the XSRF cookie and header. */
public final class Api {

    public static final String XSRF = "test-xsrf-token";

    private Api() {
    }

    public static RequestSpecification backend() {
        return given().auth().preemptive().basic("backend", "backend-secret")
                .cookie("XSRF-TOKEN", XSRF).header("X-XSRF-TOKEN", XSRF);
    }

    public static Response journal(String doi) {
        return backend().queryParam("doi", doi).get("/doi/journal");
    }

    public static Response manuscript(String doi) {
        return backend().queryParam("doi", doi).get("/doi/manuscript");
    }

    /** {@code journal} or {@code manuscript}. */
    public static Response endpoint(String endpoint, String doi) {
        return backend().queryParam("doi", doi).get("/doi/" + endpoint);
    }
}
