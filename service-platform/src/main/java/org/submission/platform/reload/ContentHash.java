package org.submission.platform.reload;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitOption;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;

/**
 * What a watched path holds, as one digest: a file's bytes, or a folder's regular files (names and
 * bytes, in name order). Polling a digest sees a Kubernetes ConfigMap update, which swaps the
 * {@code ..data} symlink and changes no modification time of the path an application opened; the
 * {@code ..}-prefixed entries are that mechanism's own copies and are left out of a folder.
 */
final class ContentHash {

    static final String MISSING = "missing";

    private ContentHash() {
    }

    static String of(Path path) {
        MessageDigest digest = sha256();
        try {
            if (!Files.exists(path)) {
                return MISSING;
            }
            if (!Files.isDirectory(path)) {
                digest.update(Files.readAllBytes(path));
                return HexFormat.of().formatHex(digest.digest());
            }
            List<Path> files;
            try (Stream<Path> walk = Files.walk(path, FileVisitOption.FOLLOW_LINKS)) {
                files = walk.filter(file -> path.relativize(file).toString().isEmpty() || !hidden(path.relativize(file)))
                        .filter(Files::isRegularFile).sorted().toList();
            }
            for (Path file : files) {
                digest.update(path.relativize(file).toString().getBytes(StandardCharsets.UTF_8));
                digest.update((byte) 0);
                digest.update(Files.readAllBytes(file));
                digest.update((byte) 0);
            }
            return HexFormat.of().formatHex(digest.digest());
        } catch (NoSuchFileException gone) {
            return MISSING;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static boolean hidden(Path relative) {
        for (Path part : relative) {
            if (part.toString().startsWith("..")) {
                return true;
            }
        }
        return false;
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
