package org.submission.platform.testing;

import static io.restassured.RestAssured.given;
import static java.nio.charset.StandardCharsets.UTF_8;

import io.restassured.specification.RequestSpecification;
import java.util.Base64;

/**
 * Request starts for the callers the services know, with the credentials the test profiles configure: the
 * backend account (Basic) or a person identified by the trusted proxy, with or without the XSRF double submit.
 */
public final class Requests {

    public static final String BACKEND = "backend";
    public static final String BACKEND_PASSWORD = "backend-secret";
    public static final String PROXY_SECRET = "proxy-secret";
    public static final String XSRF = "t";

    private Requests() {
    }

    /** The backend account with the XSRF cookie and header: a request every endpoint accepts. */
    public static RequestSpecification backend() {
        return withXsrf(as(BACKEND));
    }

    /** {@link #BACKEND}, or a person's username (Eppn); no XSRF, which GETs outside the DOI paths do not need. */
    public static RequestSpecification as(String caller) {
        return as(caller, null);
    }

    /** As {@link #as(String)}, a person with the {@code ;}-joined affiliations the proxy asserts (or none if null). */
    public static RequestSpecification as(String caller, String proxyAffiliations) {
        if (BACKEND.equals(caller)) {
            return given().auth().preemptive().basic(BACKEND, BACKEND_PASSWORD);
        }
        RequestSpecification request = given().header("X-Proxy-Secret", PROXY_SECRET).header("Eppn", caller);
        return proxyAffiliations == null ? request : request.header("Affiliation", proxyAffiliations);
    }

    /** The XSRF double submit that state changes and the DOI endpoints need. */
    public static RequestSpecification withXsrf(RequestSpecification request) {
        return request.cookie("XSRF-TOKEN", XSRF).header("X-XSRF-TOKEN", XSRF);
    }

    /** The backend account's {@code Authorization} header value, for requests written by hand. */
    public static String backendAuthorization() {
        return "Basic " + Base64.getEncoder().encodeToString((BACKEND + ":" + BACKEND_PASSWORD).getBytes(UTF_8));
    }
}
