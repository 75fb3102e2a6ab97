package org.submission.policy;

import static io.restassured.RestAssured.given;

import io.restassured.specification.RequestSpecification;

/** Request starts for the callers of the tests: the backend account or a person behind the proxy. */
final class Calls {

    static final String BACKEND = "backend";

    private Calls() {
    }

    /** {@code backend}, or a person's username (Eppn) with optional {@code ;}-joined proxy affiliations. */
    static RequestSpecification as(String caller, String proxyAffiliations) {
        if (BACKEND.equals(caller)) {
            return given().auth().preemptive().basic("backend", "backend-secret");
        }
        RequestSpecification request = given().header("X-Proxy-Secret", "proxy-secret").header("Eppn", caller);
        return proxyAffiliations == null ? request : request.header("Affiliation", proxyAffiliations);
    }

    static RequestSpecification as(String caller) {
        return as(caller, null);
    }

    /** The XSRF double submit every POST needs. */
    static RequestSpecification withXsrf(RequestSpecification request) {
        return request.cookie("XSRF-TOKEN", "t").header("X-XSRF-TOKEN", "t");
    }
}
