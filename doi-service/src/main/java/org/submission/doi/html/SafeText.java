package org.submission.doi.html;

import java.util.Locale;

/**
 * Text and links from an upstream answer made fit to store and show. PostgreSQL refuses NUL in
 * text and jsonb, and a lone UTF-16 surrogate cannot be written as UTF-8, so either one would fail
 * the request (and, cached, every request for the DOI) on the way to the database or the client;
 * a link target handed to clients that put it into pages must be one a browser follows as a web
 * or mail address, never a script.
 */
public final class SafeText {

    private SafeText() {
    }

    /** NUL removed and lone surrogates replaced by U+FFFD; everything else as it is. */
    public static String storable(String text) {
        StringBuilder out = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean paired = Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1));
            boolean bad = c == '\0' || Character.isSurrogate(c) && !paired;
            if (bad && out == null) {
                out = new StringBuilder(text.length()).append(text, 0, i);
            }
            if (out != null) {
                if (paired) {
                    out.append(c).append(text.charAt(++i));
                    continue;
                }
                if (c != '\0') {
                    out.append(bad ? '\uFFFD' : c);
                }
            } else if (paired) {
                i++;
            }
        }
        return out == null ? text : out.toString();
    }

    /**
     * One line of plain text (a journal name, an ISSN, a label, a licence): {@link #storable}, then
     * control characters dropped (those that are whitespace become a space) and the ends trimmed.
     */
    public static String line(String text) {
        String storable = storable(text);
        StringBuilder out = new StringBuilder(storable.length());
        storable.codePoints().forEach(c -> {
            if (!Character.isISOControl(c)) {
                out.appendCodePoint(c);
            } else if (Character.isWhitespace(c)) {
                out.append(' ');
            }
        });
        return out.toString().strip();
    }

    /** An absolute http or https URL with a host. */
    public static boolean webLink(String url) {
        String lower = url.toLowerCase(Locale.ROOT);
        int authority = lower.startsWith("http://") ? 7 : lower.startsWith("https://") ? 8 : -1;
        return authority > 0 && authority < url.length() && "/?#".indexOf(url.charAt(authority)) < 0 && readable(url);
    }

    /** A web URL, or a mailto one. */
    public static boolean safeLink(String target) {
        return webLink(target) || target.regionMatches(true, 0, "mailto:", 0, 7) && readable(target);
    }

    /** No character a browser would skip while reading the scheme (a tab inside {@code java	script:}). */
    private static boolean readable(String target) {
        return target.codePoints().noneMatch(c -> Character.isISOControl(c) || Character.isWhitespace(c));
    }
}
