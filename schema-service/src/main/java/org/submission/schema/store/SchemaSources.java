package org.submission.schema.store;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** Reads the schema documents: the bundled ones from the class path, the operator's from a folder. */
public final class SchemaSources {

    /** Lists the bundled documents, because a class path (a fast-jar, a native image) cannot be listed. */
    public static final String BUNDLED_INDEX = "schemas/index.txt";

    private SchemaSources() {
    }

    /** Every document named in {@code schemas/index.txt}; a named document that is missing is a packaging bug. */
    public static List<SchemaSource> bundled(ClassLoader classLoader) {
        List<SchemaSource> sources = new ArrayList<>();
        for (String key : bundledKeys(classLoader)) {
            String resource = "schemas/" + key;
            try (InputStream in = classLoader.getResourceAsStream(resource)) {
                if (in == null) {
                    throw new InvalidBundledSchemaException(BUNDLED_INDEX + " names " + key + ", which is not on the class path");
                }
                sources.add(SchemaSource.of(key, "classpath:" + resource, true, in.readAllBytes()));
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read the bundled schema " + resource, e);
            }
        }
        return sources;
    }

    static List<String> bundledKeys(ClassLoader classLoader) {
        try (InputStream in = classLoader.getResourceAsStream(BUNDLED_INDEX)) {
            if (in == null) {
                return List.of();
            }
            BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            return reader.lines().map(String::trim).filter(line -> !line.isEmpty() && !line.startsWith("#")).toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + BUNDLED_INDEX, e);
        }
    }

    /**
     * Every {@code *.json} file under the folder, at any depth, in path order, each once (no
     * dot-entries, see {@link #hidden}). A file that cannot
     * be read becomes an unusable document (answered with 409) rather than stopping the service,
     * and so does a symbolic link to a file outside the folder, which is never read: the folder is
     * what the operator chose to publish. A folder that does not exist is a configuration mistake
     * and stops it.
     */
    public static List<SchemaSource> directory(Path folder) {
        if (!Files.isDirectory(folder)) {
            throw new IllegalStateException("SCHEMA_SERVICE_DIR " + folder + " is not a readable folder");
        }
        List<Path> files;
        try (Stream<Path> walk = Files.walk(folder)) {
            files = walk.filter(p -> p.getFileName().toString().endsWith(".json") && Files.isRegularFile(p)
                            && !hidden(folder.relativize(p))).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list SCHEMA_SERVICE_DIR " + folder, e);
        }
        Path published = realPath(folder);
        List<SchemaSource> sources = new ArrayList<>();
        for (Path file : files) {
            String key = key(folder.relativize(file), folder);
            // named relative to the folder: answers may quote it, and must not reveal the host's layout
            String origin = "SCHEMA_SERVICE_DIR/" + folder.relativize(file).toString().replace('\\', '/');
            try {
                if (!file.toRealPath().startsWith(published)) {
                    sources.add(SchemaSource.unreadable(key, origin, "a link to a file outside SCHEMA_SERVICE_DIR"));
                    continue;
                }
                sources.add(SchemaSource.of(key, origin, false, Files.readAllBytes(file)));
            } catch (IOException e) {
                sources.add(SchemaSource.unreadable(key, origin, "the file cannot be read"));
            }
        }
        return sources;
    }

    /**
     * A path with a dot-entry on the way: a ConfigMap volume keeps each version in a {@code ..<timestamp>}
     * folder behind the {@code ..data} link, and the visible files link into it, so reading it too
     * would read every document twice; other dot-entries are editors' and tools' own files.
     */
    private static boolean hidden(Path relative) {
        for (Path part : relative) {
            if (part.toString().startsWith(".")) {
                return true;
            }
        }
        return false;
    }

    private static Path realPath(Path folder) {
        try {
            return folder.toRealPath();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot resolve SCHEMA_SERVICE_DIR " + folder, e);
        }
    }

    /** {@code <institution>/<file>}: the file's folder and name (the folder's own name for a top-level file). */
    private static String key(Path relative, Path folder) {
        Path parent = relative.getParent();
        Path institution = parent != null ? parent.getFileName() : folder.toAbsolutePath().normalize().getFileName();
        return (institution == null ? "" : institution + "/") + relative.getFileName();
    }
}
