package org.submission.platform.security;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares that every request to a resource, GET included, must carry the XSRF header: for a
 * resource whose safe-looking requests still change state or spend a shared budget (the DOI
 * service creates journal records and calls rate-limited upstreams on a GET). Without it, only
 * state-changing methods are checked ({@link XsrfGuard}).
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface XsrfOnEveryRequest {
}
