package org.submission.schema.rest;

import static io.restassured.RestAssured.given;

import io.restassured.specification.RequestSpecification;

/** Requests as the tests' clients send them. */
final class Http {

    static final String BASE = "https://submission.example.org/schemas/pass/";

    private Http() {
    }

    /** The backend account, with the XSRF cookie and header that state-changing requests need. */
    static RequestSpecification backend() {
        return given().auth().preemptive().basic("backend", "backend-secret")
                .cookie("XSRF-TOKEN", "t").header("X-XSRF-TOKEN", "t");
    }

    /** A person identified by the trusted proxy. */
    static RequestSpecification person() {
        return given().header("X-Proxy-Secret", "proxy-secret").header("Eppn", "someone@example.edu");
    }
}
