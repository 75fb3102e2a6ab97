package org.submission.platform.http;

import java.util.Set;

/** The request methods the services answer, and those HTTP names: the closed sets the screen and the metric tags share. */
public final class HttpMethods {

    /** What the services' resources and the Quarkus endpoints (/q/*) answer. */
    public static final Set<String> SERVED = Set.of("GET", "HEAD", "POST", "OPTIONS");
    /** Every method HTTP defines (RFC 9110, and PATCH): refused with 405 and an Allow header. */
    public static final Set<String> NAMED = Set.of("GET", "HEAD", "POST", "OPTIONS", "PUT", "DELETE",
            "PATCH", "TRACE", "CONNECT");

    private HttpMethods() {
    }
}
