package org.submission.platform.security;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;

/** Comparison of secrets whose time does not depend on where they differ. */
final class Secrets {

    private Secrets() {
    }

    static boolean same(String given, String expected) {
        if (given == null || expected == null) {
            return false;
        }
        return MessageDigest.isEqual(given.getBytes(StandardCharsets.UTF_8), expected.getBytes(StandardCharsets.UTF_8));
    }
}
