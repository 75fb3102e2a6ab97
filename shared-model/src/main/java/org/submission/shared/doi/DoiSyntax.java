package org.submission.shared.doi;

import java.util.Optional;
import java.util.regex.Pattern;

/**
 * What the DOI service takes for a DOI, and how it writes one: shared so that a service asking it
 * refuses the caller's malformed DOI itself instead of sending it, and the two never disagree.
 */
public final class DoiSyntax {

    public static final String INVALID = "Supplied DOI is not in valid DOI format.";
    public static final int MAX_LENGTH = 1024;

    private static final Pattern PREFIX = Pattern.compile("10\\.[0-9]{4,9}(\\.[0-9]+)*");
    private static final String RESOLVER = "doi.org/";
    private static final String SCHEME = "doi:";

    private DoiSyntax() {
    }

    /**
     * The DOI with surrounding whitespace, a {@code doi:} prefix and anything up to a
     * {@code doi.org/} removed, in the caller's case; empty when missing or not a valid DOI.
     */
    public static Optional<String> normalise(String input) {
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
        return valid(value) ? Optional.of(value) : Optional.empty();
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
        return suffix.codePoints().allMatch(DoiSyntax::printable);
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
     * A-Z folded to a-z and nothing else: {@code toLowerCase} would also fold non-ASCII letters
     * (the Kelvin sign U+212A to {@code k}, {@code İ} to {@code i̇}), so that two different DOIs
     * compared equal.
     */
    public static String asciiLowerCase(String text) {
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
}
