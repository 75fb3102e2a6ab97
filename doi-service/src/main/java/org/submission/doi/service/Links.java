package org.submission.doi.service;

import java.util.Locale;

/** Which link targets the service hands to clients that put them into pages. */
final class Links {

    private Links() {
    }

    /** An absolute http or https URL with a host. */
    static boolean web(String url) {
        String lower = url.toLowerCase(Locale.ROOT);
        int authority = lower.startsWith("http://") ? 7 : lower.startsWith("https://") ? 8 : -1;
        return authority > 0 && authority < url.length() && "/?#".indexOf(url.charAt(authority)) < 0 && readable(url);
    }

    /** A web URL, or a mailto one. */
    static boolean safe(String target) {
        return web(target) || target.regionMatches(true, 0, "mailto:", 0, 7) && readable(target);
    }

    /** No character a browser would skip while reading the scheme (a tab inside {@code java	script:}). */
    private static boolean readable(String target) {
        return target.codePoints().noneMatch(c -> Character.isISOControl(c) || Character.isWhitespace(c));
    }
}
