package org.submission.doi.model;

import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A normalised, validated DOI. {@link #value()} keeps the caller's case (it is what goes upstream
 * and into messages); {@link #key()} is the form with ASCII letters lower-cased, because DOIs are
 * case-insensitive in ASCII only and two spellings of one DOI must share the in-flight mark and
 * the cache entry, while two different DOIs never may (see the module README).
 */
public record Doi(String value) {

    public static final String INVALID = "Supplied DOI is not in valid DOI format.";
    public static final int MAX_LENGTH = 1024;

    private static final Pattern PREFIX = Pattern.compile("10\\.[0-9]{4,9}(\\.[0-9]+)*");
    private static final String RESOLVER = "doi.org/";
    private static final String SCHEME = "doi:";
    /** RFC 3986 pchar minus '%': these need no escaping inside a path segment. */
    private static final String SEGMENT_SAFE = "-._~!$&'()*+,;=:@";

    /** Applies the normalisation rules; empty when the input is missing or not a valid DOI. */
    public static Optional<Doi> parse(String input) {
        if (input == null) {
            return Optional.empty();
        }
        String value = input.strip();
        if (value.regionMatches(true, 0, SCHEME, 0, SCHEME.length())) {
            value = value.substring(SCHEME.length());
        }
        // ASCII folding keeps indexes: a Unicode lower case can be longer than the original ("İ")
        int resolver = asciiLowerCase(value).indexOf(RESOLVER);
        if (resolver >= 0) {
            value = value.substring(resolver + RESOLVER.length());
        }
        return valid(value) ? Optional.of(new Doi(value)) : Optional.empty();
    }

    private static boolean valid(String value) {
        if (value.length() > MAX_LENGTH) {
            return false;
        }
        int slash = value.indexOf('/');
        if (slash < 0 || slash == value.length() - 1 || !PREFIX.matcher(value.substring(0, slash)).matches()) {
            return false;
        }
        String suffix = value.substring(slash + 1);
        for (String segment : suffix.split("/", -1)) {
            // servers drop a segment's ";parameters" before resolving dot segments, so "..;x" is ".."
            String bare = segment.split(";", 2)[0];
            if (bare.equals(".") || bare.equals("..")) {
                return false;
            }
        }
        return suffix.codePoints().allMatch(Doi::printable);
    }

    private static boolean printable(int codePoint) {
        if (Character.isWhitespace(codePoint) || Character.isSpaceChar(codePoint)) {
            return false;
        }
        return switch (Character.getType(codePoint)) {
            // FORMAT covers invisible bidi overrides and zero-width characters that would make a
            // DOI look different from what is sent upstream
            case Character.CONTROL, Character.FORMAT, Character.SURROGATE, Character.UNASSIGNED,
                    Character.PRIVATE_USE -> false;
            default -> true;
        };
    }

    /**
     * The de-duplication and cache key: A-Z folded to a-z and nothing else. {@code toLowerCase}
     * would also fold non-ASCII letters (the Kelvin sign U+212A to {@code k}, {@code İ} to
     * {@code i̇}), so that two different DOIs shared a key and one got the other's answer.
     */
    public String key() {
        return asciiLowerCase(value);
    }

    static String asciiLowerCase(String text) {
        char[] chars = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c >= 'A' && c <= 'Z') {
                if (chars == null) {
                    chars = text.toCharArray();
                }
                chars[i] = (char) (c + ('a' - 'A'));
            }
        }
        return chars == null ? text : new String(chars);
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
