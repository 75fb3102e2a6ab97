package org.submission.platform.tracing;

import java.util.Locale;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * The services export their spans over OTLP's HTTP/protobuf only: the package leaves out the gRPC
 * libraries (about 9 MB of each quarkus-app) that the gRPC exporter needs. An operator who asks for
 * gRPC learns it at start, in one line, instead of from a warning on every failed export.
 */
public final class TraceExport {

    static final String PROTOCOL = "quarkus.otel.exporter.otlp.traces.protocol";
    static final String GENERIC_PROTOCOL = "quarkus.otel.exporter.otlp.protocol";

    private TraceExport() {
    }

    /** The line to exit with when the settings ask for the gRPC exporter; empty when they do not. */
    public static Optional<String> refusal(UnaryOperator<String> setting) {
        for (String property : new String[] {PROTOCOL, GENERIC_PROTOCOL}) {
            String protocol = setting.apply(property);
            if (protocol != null && !protocol.strip().equals("http/protobuf")) {
                return Optional.of(property.toUpperCase(Locale.ROOT).replace('.', '_') + "=" + protocol.strip()
                        + " is not supported: traces go to the collector over http/protobuf (its port 4318);"
                        + " unset it or set http/protobuf");
            }
        }
        return Optional.empty();
    }
}
