package org.submission.deploy.containers;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.submission.deploy.testing.Project;

/**
 * The services' heap, GC and compiler options are written out wherever a service is started
 * (images, manifests, launcher, benchmarks), since none of these can read the parent pom; the
 * archive is recorded with the pom's {@code service.jvm.options}, and the figures in
 * deploy/README hold for them. Every copy must say the same.
 */
class JvmOptionsTest {

    private static final Pattern OPTION = Pattern.compile("-XX:\\+UseSerialGC|-Xm[snx][0-9]+[kmg]|-XX:TieredStopAtLevel=[0-9]");

    @ParameterizedTest
    @ValueSource(strings = {
            "schema-service/src/main/docker/Dockerfile.jvm",
            "policy-service/src/main/docker/Dockerfile.jvm",
            "doi-service/src/main/docker/Dockerfile.jvm",
            "service-platform/src/main/resources/META-INF/microprofile-config.properties",
            "deploy/launcher/src/main/java/org/submission/deploy/launcher/LocalStack.java",
            "deploy/bench/footprint/footprint.sh",
            "deploy/bench/doi/run.sh"})
    void everyCopyHasTheOptionsTheArchiveIsRecordedWith(String file) throws IOException {
        List<String> recorded = options(read("pom.xml")).get(0);

        assertThat(options(read(file))).as(file).isNotEmpty().allSatisfy(copy -> assertThat(copy).isEqualTo(recorded));
    }

    /** Per line that starts the serial collector: the options of that line, in order. */
    private static List<List<String>> options(String text) {
        List<List<String>> copies = new ArrayList<>();
        for (String line : text.split("\n")) {
            if (line.contains("-XX:+UseSerialGC")) {
                List<String> options = new ArrayList<>();
                Matcher option = OPTION.matcher(line);
                while (option.find()) {
                    options.add(option.group());
                }
                copies.add(options);
            }
        }
        return copies;
    }

    private static String read(String file) throws IOException {
        return Files.readString(Project.ROOT.resolve(file), StandardCharsets.UTF_8);
    }
}
