package org.submission.platform.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * pass-core's own database layout, as its Liquibase changelog leaves it ({@code pg_dump
 * --schema-only}, in {@code shared/reference/pass-core} beside the checkout or one of its parent
 * folders). Read from there, never copied into the project; without it the calling test is skipped
 * (or fails in CI, {@link ExternalTool}).
 */
public final class PassCoreSchema {

    private PassCoreSchema() {
    }

    /** A new database holding exactly pass-core's tables, sequence and indexes, and no rows. */
    public static FreshDatabase create() {
        FreshDatabase db = FreshDatabase.create();
        db.execute(sql());
        return db;
    }

    /** The dump's statements; skips the calling test when the reference folder is absent. */
    public static String sql() {
        Optional<Path> file = file();
        ExternalTool.require(file.isPresent(), "shared/reference/pass-core/schema.sql is not beside this checkout");
        try {
            return Files.readString(file.get());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Optional<Path> file() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolve("shared/reference/pass-core/schema.sql");
            if (Files.isRegularFile(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }
}
