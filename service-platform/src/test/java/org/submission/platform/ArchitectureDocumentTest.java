package org.submission.platform;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * docs/architecture.md names classes and packages in backticks; each of them exists in the tree, so
 * that the document a newcomer reads first never sends them to code that is gone.
 */
class ArchitectureDocumentTest {

    private static final Path ROOT = Path.of("..");
    private static final Path DOCUMENT = ROOT.resolve("docs/architecture.md");
    private static final Pattern QUOTED = Pattern.compile("`([^`\\n]+)`");
    /** A class: two capitalised words or more ({@code ApiException}, not the header {@code Eppn}), optionally nested. */
    private static final Pattern CLASS = Pattern.compile("\\*?(?:[A-Z][a-z0-9]+){2,}(?:\\.[A-Z]\\w*)?");
    /** A package or class under its package ({@code http/RouteOrder}), or a module folder ({@code shared-model/}). */
    private static final Pattern PATH = Pattern.compile("[a-z][a-z-]*(?:/[a-z][a-z-]*)*(?:/[A-Z]\\w*)?/?");
    /** What looks like a path but is a media type. */
    private static final Pattern MEDIA_TYPE = Pattern.compile("(?:application|text|multipart)/[\\w.+-]+");

    @Test
    void everyClassAndPackageItNamesExists() throws IOException {
        List<String> files = tree();

        assertThat(named()).filteredOn(name -> !exists(name, files)).as("named in docs/architecture.md, not in the tree").isEmpty();
    }

    private static Set<String> named() throws IOException {
        Matcher quoted = QUOTED.matcher(Files.readString(DOCUMENT));
        Set<String> names = new TreeSet<>();
        while (quoted.find()) {
            String name = quoted.group(1);
            if (CLASS.matcher(name).matches()
                    || (name.contains("/") && PATH.matcher(name).matches() && !MEDIA_TYPE.matcher(name).matches())) {
                names.add(name);
            }
        }
        return names;
    }

    private static boolean exists(String name, List<String> files) {
        if (name.endsWith("/")) {
            return Files.isDirectory(ROOT.resolve(name));
        }
        if (Character.isUpperCase(name.charAt(name.startsWith("*") ? 1 : 0)) && !name.contains("/")) {
            String type = name.replace("*", "").replaceFirst("\\..*", "");
            return files.stream().anyMatch(file -> name.startsWith("*")
                    ? file.endsWith(type + ".java") : file.endsWith("/" + type + ".java"));
        }
        String last = name.substring(name.lastIndexOf('/') + 1);
        return Character.isUpperCase(last.charAt(0))
                ? files.stream().anyMatch(file -> file.endsWith("/" + name + ".java"))
                : files.stream().anyMatch(file -> file.contains("/" + name + "/") || file.startsWith(name + "/"));
    }

    /** Every file of the checkout, relative to its root, without build output. */
    private static List<String> tree() throws IOException {
        try (Stream<Path> paths = Files.walk(ROOT)) {
            return paths.filter(Files::isRegularFile).map(path -> ROOT.relativize(path).toString().replace('\\', '/'))
                    .filter(path -> !path.startsWith(".git/") && !path.contains("/target/") && !path.contains("node_modules/"))
                    .collect(Collectors.toList());
        }
    }
}
