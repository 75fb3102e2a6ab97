package org.submission.platform.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.submission.platform.testing.EmbeddedPostgresResource;

/** By default a service speaks HTTP/1.1 only: a client that starts with HTTP/2's preface gets an HTTP/1 refusal, no HTTP/2. */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class CleartextHttp2Test {

    /** The client connection preface, then an empty SETTINGS frame. */
    private static final byte[] PREFACE = concat("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1),
            new byte[] {0, 0, 0, 0x04, 0, 0, 0, 0, 0});

    @Test
    void http2WithPriorKnowledgeIsRefusedAsAnHttp1RequestLine() throws Exception {
        try (Socket client = new Socket("127.0.0.1", RestAssured.port)) {
            client.setSoTimeout(30_000);
            client.getOutputStream().write(PREFACE);

            String answer = new String(client.getInputStream().readNBytes(12), StandardCharsets.ISO_8859_1);

            // an HTTP/2 server's first bytes are its SETTINGS frame; HTTP/1 refuses the preface's request line
            assertThat(answer).matches("HTTP/\\d\\.\\d [45]\\d\\d");
        }
    }

    private static byte[] concat(byte[] first, byte[] second) {
        byte[] both = new byte[first.length + second.length];
        System.arraycopy(first, 0, both, 0, first.length);
        System.arraycopy(second, 0, both, first.length, second.length);
        return both;
    }
}
