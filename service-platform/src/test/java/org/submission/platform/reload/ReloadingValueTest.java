package org.submission.platform.reload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReloadingValueTest {

    private static final Duration FAST = Duration.ofMillis(50);
    private static final Duration WITHIN = Duration.ofSeconds(10);

    @TempDir
    Path folder;

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final AtomicInteger parses = new AtomicInteger();
    private ReloadingValue<List<String>> value;

    /** Each line a word; a line "bad" is refused with its line number. */
    private List<String> words(Path path) throws IOException {
        parses.incrementAndGet();
        List<String> lines = Files.isDirectory(path)
                ? Files.readAllLines(path.resolve("words.txt"))
                : Files.readAllLines(path);
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).equals("bad")) {
                throw new RejectedFile(i + 1, "\"bad\" is not a word");
            }
        }
        return List.copyOf(lines);
    }

    private ReloadingValue<List<String>> watch(Path path, Duration period) {
        value = ReloadingValue.start("words", path, this::words, period, registry);
        return value;
    }

    private static void write(Path file, String content) throws IOException {
        Path next = file.resolveSibling(file.getFileName() + ".next");
        Files.writeString(next, content);
        Files.move(next, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    private double metric(String name) {
        var gauge = registry.find(name).tag("name", "words").gauge();
        return gauge != null ? gauge.value() : registry.find(name).tag("name", "words").counter().count();
    }

    private void awaitValue(List<String> expected) throws InterruptedException {
        long end = System.nanoTime() + WITHIN.toNanos();
        while (!expected.equals(value.current()) && System.nanoTime() < end) {
            Thread.sleep(20);
        }
        assertThat(value.current()).isEqualTo(expected);
    }

    @AfterEach
    void stop() {
        if (value != null) {
            value.close();
        }
    }

    @Test
    void startReadsTheFileOnce() throws IOException {
        Path file = folder.resolve("words.txt");
        write(file, "a\nb\n");
        watch(file, FAST);
        assertThat(value.current()).containsExactly("a", "b");
        assertThat(value.readiness().getStatus()).isEqualTo(HealthCheckResponse.Status.UP);
    }

    @Test
    void refusedContentAtStartStopsItWithPathLineAndReason() throws IOException {
        Path file = folder.resolve("words.txt");
        write(file, "a\nbad\n");
        assertThatThrownBy(() -> watch(file, FAST))
                .isInstanceOf(ReloadingValue.StartRefused.class)
                .hasMessage(file + ", line 2: \"bad\" is not a word");
    }

    @Test
    void aChangeIsTakenWithinAPeriod() throws Exception {
        Path file = folder.resolve("words.txt");
        write(file, "a\n");
        watch(file, FAST);
        write(file, "a\nc\n");
        awaitValue(List.of("a", "c"));
        assertThat(metric("submission.reload.applied")).isEqualTo(2);
    }

    @Test
    void anUnchangedFileIsNotParsedAgain() throws Exception {
        Path file = folder.resolve("words.txt");
        write(file, "a\n");
        watch(file, FAST);
        value.check();
        value.check();
        assertThat(parses).hasValue(1);
    }

    @Test
    void aRefusedChangeKeepsTheLastGoodValueAndSaysSo() throws IOException {
        Path file = folder.resolve("words.txt");
        write(file, "a\n");
        watch(file, Duration.ofHours(1));
        write(file, "bad\n");
        value.check();
        assertThat(value.current()).containsExactly("a");
        assertThat(value.refusal()).contains(file + ", line 1: \"bad\" is not a word");
        HealthCheckResponse readiness = value.readiness();
        assertThat(readiness.getStatus()).isEqualTo(HealthCheckResponse.Status.UP);
        assertThat(readiness.getData().orElseThrow().get("refused").toString()).contains("line 1");
        assertThat(metric("submission.reload.refused")).isEqualTo(1);
    }

    @Test
    void aRefusalIsCountedOncePerDistinctContent() throws IOException {
        Path file = folder.resolve("words.txt");
        write(file, "a\n");
        watch(file, Duration.ofHours(1));
        write(file, "bad\n");
        value.check();
        value.check();
        write(file, "x\nbad\n");
        value.check();
        value.check();
        assertThat(metric("submission.reload.refusals")).isEqualTo(2);
    }

    @Test
    void aGoodChangeAfterARefusalClearsIt() throws IOException {
        Path file = folder.resolve("words.txt");
        write(file, "a\n");
        watch(file, Duration.ofHours(1));
        write(file, "bad\n");
        value.check();
        write(file, "d\n");
        value.check();
        assertThat(value.current()).containsExactly("d");
        assertThat(value.refusal()).isEmpty();
        assertThat(metric("submission.reload.refused")).isZero();
    }

    @Test
    void aConfigMapSymlinkSwapIsSeen() throws Exception {
        // the layout the kubelet keeps: key -> ..data/key, ..data -> ..<timestamp>, swapped by a rename
        Path first = Files.createDirectories(folder.resolve("..2025_01_01"));
        Files.writeString(first.resolve("words.txt"), "a\n");
        Files.createSymbolicLink(folder.resolve("..data"), first.getFileName());
        Path file = Files.createSymbolicLink(folder.resolve("words.txt"), Path.of("..data", "words.txt"));
        watch(file, FAST);
        Path second = Files.createDirectories(folder.resolve("..2025_01_02"));
        Files.writeString(second.resolve("words.txt"), "b\n");
        Path swap = Files.createSymbolicLink(folder.resolve("..data_tmp"), second.getFileName());
        Files.move(swap, folder.resolve("..data"), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        awaitValue(List.of("b"));
    }

    @Test
    void aWatchedFolderIsReadAgainWhenAnyFileInItChanges() throws Exception {
        write(folder.resolve("words.txt"), "a\n");
        write(folder.resolve("other.txt"), "1\n");
        watch(folder, Duration.ofHours(1));
        write(folder.resolve("other.txt"), "2\n");
        value.check();
        assertThat(parses).hasValue(2);
    }

    @Test
    void theKubeletsOwnCopiesInAFolderAreNotItsContent() throws Exception {
        write(folder.resolve("words.txt"), "a\n");
        watch(folder, Duration.ofHours(1));
        Files.createDirectories(folder.resolve("..2025_01_03"));
        Files.writeString(folder.resolve("..2025_01_03").resolve("words.txt"), "z\n");
        value.check();
        assertThat(parses).hasValue(1);
    }

    @Test
    void aFailureToCheckKeepsTheValueAndIsTriedAgain() throws IOException {
        Path file = folder.resolve("words.txt");
        write(file, "a\n");
        AtomicInteger calls = new AtomicInteger();
        value = ReloadingValue.start("words", file, path -> {
            if (calls.incrementAndGet() == 2) {
                throw new IllegalStateException("database away");
            }
            return words(path);
        }, Duration.ofHours(1), registry);
        write(file, "e\n");
        value.check();
        assertThat(value.current()).containsExactly("a");
        assertThat(value.readiness().getData().orElseThrow().get("unchecked").toString()).contains("database away");
        value.check();
        assertThat(value.current()).containsExactly("e");
    }

    @Test
    void aParserErrorRefusesThatContentAndTheFileIsStillRead() throws Exception {
        Path file = folder.resolve("words.txt");
        write(file, "a\n");
        value = ReloadingValue.start("words", file, path -> {
            if (Files.readString(path).startsWith("deep")) {
                throw new StackOverflowError();
            }
            return words(path);
        }, FAST, registry);
        write(file, "deep\n");
        long end = System.nanoTime() + WITHIN.toNanos();
        while (value.refusal().isEmpty() && System.nanoTime() < end) {
            Thread.sleep(20);
        }
        assertThat(value.refusal()).hasValueSatisfying(why -> assertThat(why).contains("StackOverflowError"));
        assertThat(value.current()).containsExactly("a");

        write(file, "b\n");

        awaitValue(List.of("b"));
        assertThat(value.stopped()).isEmpty();
        assertThat(value.readiness().getData().orElseThrow()).doesNotContainKey("stopped");
    }
}
