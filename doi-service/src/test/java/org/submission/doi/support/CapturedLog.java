package org.submission.doi.support;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/** Every log record the service writes while open, with its message formatted, its throwable and its logger. */
public final class CapturedLog extends Handler implements AutoCloseable {

    public record Line(String level, String message, Throwable thrown, String logger) {
    }

    private final List<Line> lines = new CopyOnWriteArrayList<>();

    private CapturedLog() {
    }

    public static CapturedLog open() {
        CapturedLog log = new CapturedLog();
        Logger.getLogger("").addHandler(log);
        return log;
    }

    public List<Line> lines() {
        return List.copyOf(lines);
    }

    @Override
    public void publish(LogRecord record) {
        String message = record.getMessage();
        try {
            if (record.getParameters() != null && record.getParameters().length > 0) {
                message = record.getMessage().contains("%") ? String.format(message, record.getParameters())
                        : java.text.MessageFormat.format(message, record.getParameters());
            }
        } catch (RuntimeException unformattable) {
            message = record.getMessage();
        }
        lines.add(new Line(record.getLevel().getName(), String.valueOf(message), record.getThrown(), String.valueOf(record.getLoggerName())));
    }

    @Override
    public void flush() {
    }

    @Override
    public void close() {
        Logger.getLogger("").removeHandler(this);
    }
}
