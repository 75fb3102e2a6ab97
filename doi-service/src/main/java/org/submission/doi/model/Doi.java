package org.submission.doi.model;

import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.submission.shared.doi.DoiSyntax;

/**
 * A normalised, validated DOI ({@link DoiSyntax}, which the services asking this one apply too).
 * {@link #value()} keeps the caller's case (it is what goes upstream and into messages); {@link #key()} is the form with ASCII letters lower-cased, because DOIs are
 * case-insensitive in ASCII only and two spellings of one DOI must share the in-flight mark and
 * the cache entry, while two different DOIs never may (see the module README).
 */
public record Doi(String value) {

    public static final String INVALID = DoiSyntax.INVALID;
    public static final int MAX_LENGTH = DoiSyntax.MAX_LENGTH;

    /** RFC 3986 pchar minus '%': these need no escaping inside a path segment. */
    private static final String SEGMENT_SAFE = "-._~!$&'()*+,;=:@";

    /** Applies the normalisation rules; empty when the input is missing or not a valid DOI. */
    public static Optional<Doi> parse(String input) {
        return DoiSyntax.normalise(input).map(Doi::new);
    }

    /**
     * The de-duplication and cache key: A-Z folded to a-z and nothing else. {@code toLowerCase}
     * would also fold non-ASCII letters (the Kelvin sign U+212A to {@code k}, {@code İ} to
     * {@code i̇}), so that two different DOIs shared a key and one got the other's answer.
     */
    public String key() {
        return DoiSyntax.asciiLowerCase(value);
    }

    /**
     * The DOI as URL path text: every character not allowed unescaped in a path segment is
     * percent-encoded (UTF-8), and {@code /} stays a separator, as the registries expect.
     */
    public String pathEncoded() {
        StringBuilder out = new StringBuilder(value.length() + 16);
        for (byte b : value.getBytes(StandardCharsets.UTF_8)) {
            char c = (char) (b & 0xff);
            if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                    || c == '/' || SEGMENT_SAFE.indexOf(c) >= 0) {
                out.append(c);
            } else {
                out.append('%').append(Character.toUpperCase(Character.forDigit((b >> 4) & 0xf, 16)))
                        .append(Character.toUpperCase(Character.forDigit(b & 0xf, 16)));
            }
        }
        return out.toString();
    }

    @Override
    public String toString() {
        return value;
    }
}
