package org.submission.platform.tracing;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Formatter;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.stream.Stream;
import org.jboss.logmanager.ExtHandler;
import org.jboss.logmanager.LogContext;
import org.jboss.logmanager.handlers.ConsoleHandler;

/**
 * The log lines written while open, each formatted as the console writes it (with its formatter,
 * on the thread that logs it, where the MDC is the request's).
 */
final class JsonLogLines extends Handler implements AutoCloseable {

    private final Formatter console;
    private final List<String> lines = new CopyOnWriteArrayList<>();

    private JsonLogLines(Formatter console) {
        this.console = console;
    }

    static JsonLogLines open() {
        Handler[] root = LogContext.getLogContext().getLogger("").getHandlers();
        Formatter formatter = consoleHandler(Stream.of(root))
                .orElseThrow(() -> new IllegalStateException("no console handler")).getFormatter();
        JsonLogLines log = new JsonLogLines(formatter);
        LogContext.getLogContext().getLogger("").addHandler(log);
        return log;
    }

    private static Optional<Handler> consoleHandler(Stream<Handler> handlers) {
        return handlers.flatMap(handler -> handler instanceof ConsoleHandler ? Stream.of(handler)
                : handler instanceof ExtHandler nested ? consoleHandler(Stream.of(nested.getHandlers())).stream()
                : Stream.empty()).findFirst();
    }

    /** The first line whose message is {@code message}, as the console wrote it. */
    String formatted(String message) {
        return lines.stream().filter(line -> line.contains("\"message\":\"" + message + "\"")).findFirst()
                .orElseThrow(() -> new AssertionError("no log line \"" + message + "\" among " + lines));
    }

    @Override
    public void publish(LogRecord record) {
        lines.add(console.format(record));
    }

    @Override
    public void flush() {
    }

    @Override
    public void close() {
        LogContext.getLogContext().getLogger("").removeHandler(this);
    }
}
