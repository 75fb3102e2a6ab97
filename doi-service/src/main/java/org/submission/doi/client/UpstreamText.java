package org.submission.doi.client;

/**
 * Text from an upstream answer made fit to store and show: PostgreSQL refuses NUL in text and
 * jsonb, and a lone UTF-16 surrogate cannot be written as UTF-8, so either one would fail the
 * request (and, cached, every request for the DOI) on the way to the database or the client.
 */
public final class UpstreamText {

    private UpstreamText() {
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
}
