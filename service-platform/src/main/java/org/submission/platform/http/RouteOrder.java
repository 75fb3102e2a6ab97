package org.submission.platform.http;

/**
 * The order of the platform's Vert.x routes, which run before Quarkus's REST layer (order 0 and
 * up), lowest first. Every {@code @Observes Router} of the platform takes its order from here, so
 * that the request pipeline reads in one place:
 * <ol>
 *   <li>{@link #CONNECTIONS}: on a connection's first request, end its head's deadline, or answer
 *       429 and close it when its peer address held its share when it was accepted;</li>
 *   <li>{@link #WRITE_GATE}: give the connection its share of the write budget, so that every
 *       answer, the refusals below included, is counted until it reaches the socket;</li>
 *   <li>{@link #DRAIN}: once the service is stopping, answer 503 to every new request but
 *       {@code /q/*};</li>
 *   <li>{@link #SCREEN}: refuse a method no service serves (405, or 501 for an invented one),
 *       malformed URIs, oversized request lines, headers and bodies, and repeated identity
 *       headers;</li>
 *   <li>{@link #QUERY}: keep a query value whole across {@code ;};</li>
 *   <li>{@link #BODY_BUDGET}: take a body's declared length from the budget of bodies being
 *       received, or refuse the request before its body is read (429 or 503, and closed);</li>
 *   <li>{@link #ALIAS}: reroute an alias path to its canonical path, which runs the steps above
 *       again (the screen passes a rerouted request, screened as it came);</li>
 *   <li>{@link #FAILURES}: every failure the HTTP layer raises answers in JSON;</li>
 *   <li>{@link #AUTH_THROTTLE}: refuse the credentials of a client address that failed to
 *       authenticate too often (429), before they are looked at;</li>
 *   <li>{@link #XSRF_COOKIE}: issue the XSRF cookie to a caller that has none.</li>
 * </ol>
 * Authentication, the roles a resource requires and the XSRF check come after these, on the
 * resource the request was routed to, and still before its body is read: RESTEasy reads a body
 * after the request filters, right before the resource method.
 */
public final class RouteOrder {

    public static final int CONNECTIONS = -1400;
    public static final int WRITE_GATE = -1300;
    public static final int DRAIN = -1200;
    public static final int SCREEN = -1100;
    /** Independent of {@link #SCREEN}: neither reads what the other changes. */
    public static final int QUERY = -1100;
    public static final int BODY_BUDGET = -1075;
    public static final int ALIAS = -1050;
    public static final int FAILURES = -1000;
    public static final int AUTH_THROTTLE = -950;
    public static final int XSRF_COOKIE = -900;

    private RouteOrder() {
    }
}
