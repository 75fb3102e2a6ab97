package org.submission.platform.security;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Comparison of secrets whose time depends neither on where they differ nor on their lengths (both
 * sides are compared as SHA-256 digests), nor, among several accepted ones, on which one matches.
 */
final class Secrets {

    private static final MessageDigest SHA_256 = sha256();

    private Secrets() {
    }

    static boolean same(String given, String expected) {
        if (given == null || expected == null) {
            return false;
        }
        return MessageDigest.isEqual(digest(given), digest(expected));
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }

    /** Whether {@code given} is one of {@code accepted}, each compared, a match or not. */
    static boolean oneOf(String given, List<String> accepted) {
        boolean match = false;
        for (String secret : accepted) {
            match |= same(given, secret);
        }
        return match;
    }

    /** The configured ones of a current and a next secret (during a rotation both are accepted). */
    static List<String> configured(Optional<String> current, Optional<String> next) {
        return Stream.of(current, next).flatMap(Optional::stream).filter(s -> !s.isEmpty()).toList();
    }

    private static byte[] digest(String value) {
        try {
            // a copy of one instance: looking the algorithm up among the providers costs more than the digest
            return ((MessageDigest) SHA_256.clone()).digest(value.getBytes(StandardCharsets.UTF_8));
        } catch (CloneNotSupportedException e) {
            throw new IllegalStateException("the JDK's SHA-256 can be copied", e);
        }
    }
}
