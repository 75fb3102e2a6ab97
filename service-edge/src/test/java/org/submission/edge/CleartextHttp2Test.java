package org.submission.edge;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.RestAssured;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.submission.platform.testing.EmbeddedPostgresResource;

/**
 * A service speaks HTTP/1.1 only, even with HTTP/2 asked for in its configuration ({@link Http11Only}):
 * a client that starts with HTTP/2's preface gets an HTTP/1 refusal, and one that asks to upgrade to
 * cleartext HTTP/2 gets its HTTP/1.1 answer.
 */
@QuarkusTest
@TestProfile(TightLimits.WithHttp2.class)
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

    @Test
    void anUpgradeToCleartextHttp2IsAnsweredInHttp1() throws Exception {
        try (Socket client = new Socket("127.0.0.1", RestAssured.port)) {
            client.setSoTimeout(30_000);
            client.getOutputStream().write(("GET /probe/open HTTP/1.1\r\nHost: localhost\r\nConnection: Upgrade, HTTP2-Settings\r\n"
                    + "Upgrade: h2c\r\nHTTP2-Settings: AAMAAABkAAQAAP__\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));

            String answer = new String(client.getInputStream().readNBytes(12), StandardCharsets.ISO_8859_1);

            // an HTTP/2 server switches protocols (101) first
            assertThat(answer).isEqualTo("HTTP/1.1 200");
        }
    }

    private static byte[] concat(byte[] first, byte[] second) {
        byte[] both = new byte[first.length + second.length];
        System.arraycopy(first, 0, both, 0, first.length);
        System.arraycopy(second, 0, both, first.length, second.length);
        return both;
    }
}
