package org.submission.deploy.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/** docs/operator-guide.md as its readers use it: the anchors of its headings and its shell commands. */
public record OperatorGuide(List<String> lines) {

    public static final Path FILE = Project.ROOT.resolve("docs/operator-guide.md");

    public static OperatorGuide read() throws IOException {
        return new OperatorGuide(Files.readAllLines(FILE, StandardCharsets.UTF_8));
    }

    public String text() {
        return String.join("\n", lines);
    }

    /** Each heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces to '-'. */
    public Set<String> anchors() {
        return headings().stream().map(OperatorGuide::anchor).collect(Collectors.toSet());
    }

    public List<String> headings() {
        List<String> headings = new ArrayList<>();
        boolean code = false;
        for (String line : lines) {
            code ^= line.startsWith("```");
            if (!code && line.matches("#{1,6} .*")) {
                headings.add(line.replaceFirst("^#+ ", ""));
            }
        }
        return headings;
    }

    static String anchor(String heading) {
        return heading.strip().toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-');
    }

    /** The lines of its {@code shell} code blocks: the commands an operator copies. */
    public List<String> shellCommands() {
        List<String> commands = new ArrayList<>();
        boolean shell = false;
        for (String line : lines) {
            if (line.startsWith("```")) {
                shell = !shell && line.equals("```shell");
            } else if (shell && !line.isBlank()) {
                commands.add(line.strip());
            }
        }
        return commands;
    }

    /** The shell commands that start with {@code program}. */
    public List<String> commands(String program) {
        return shellCommands().stream().filter(line -> line.startsWith(program + " ")).toList();
    }
}
