package org.submission.platform.security;

/** Role and attribute names of the security identities the services build. */
public final class Roles {

    /** Backend accounts (other services, scripts): allowed everything. */
    public static final String BACKEND = "backend";

    /** Identity attribute: the extra affiliations a proxy sent for a person ({@code Set<String>}). */
    public static final String PROXY_AFFILIATIONS = "submission.proxy-affiliations";

    private Roles() {
    }
}
