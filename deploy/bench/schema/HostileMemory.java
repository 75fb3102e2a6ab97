import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/**
 * The hostile review's memory attacks on a running schema service (hostile-memory.sh starts it with
 * the images' options): one workbench preview of a small draft that expands to gigabytes, one of an
 * 800-level chain, and many connections of one caller each holding a body a few bytes short. Prints
 * what each attack was answered; whether the service outlived it is the script's to say.
 *
 *   java HostileMemory.java BASE USER PASSWORD doubling|deep|bodies [CONNECTIONS] [BYTES]
 */
public class HostileMemory {

    private static final String IR = "https://submission.example.org/schemas/pass/ir.json";

    public static void main(String[] args) throws Exception {
        String base = args[0];
        String basic = "Basic " + Base64.getEncoder().encodeToString((args[1] + ":" + args[2]).getBytes(StandardCharsets.UTF_8));
        switch (args[3]) {
            case "doubling" -> preview(base, basic, doubling(12, 200_000));
            case "deep" -> preview(base, basic, notChain(800));
            case "bodies" -> bodies(base, basic, Integer.parseInt(args[4]), Integer.parseInt(args[5]));
            default -> throw new IllegalArgumentException(args[3]);
        }
    }

    /** 2^levels copies of one string of the given length under allOf, from a draft of about that length. */
    static String doubling(int levels, int length) {
        StringBuilder definitions = new StringBuilder("\"d0\": {\"description\": \"" + "x".repeat(length) + "\"}");
        for (int i = 1; i <= levels; i++) {
            definitions.append(", \"d").append(i).append("\": {\"allOf\": [{\"$ref\": \"#/definitions/d").append(i - 1)
                    .append("\"}, {\"$ref\": \"#/definitions/d").append(i - 1).append("\"}]}");
        }
        return "{\"$schema\": \"http://json-schema.org/draft-07/schema#\", \"$id\": \"" + IR + "\", \"definitions\": {"
                + definitions + "}, \"allOf\": [{\"$ref\": \"#/definitions/d" + levels + "\"}]}";
    }

    /** A chain of {@code levels} definitions, each {@code not} the one before. */
    static String notChain(int levels) {
        StringBuilder definitions = new StringBuilder("\"d0\": {\"type\": \"string\"}");
        for (int i = 1; i < levels; i++) {
            definitions.append(", \"d").append(i).append("\": {\"not\": {\"$ref\": \"#/definitions/d").append(i - 1).append("\"}}");
        }
        return "{\"$schema\": \"http://json-schema.org/draft-07/schema#\", \"$id\": \"" + IR + "\", \"definitions\": {"
                + definitions + "}, \"allOf\": [{\"$ref\": \"#/definitions/d" + (levels - 1) + "\"}]}";
    }

    static void preview(String base, String basic, String draft) throws Exception {
        String body = "{\"repositories\": [12], \"drafts\": [{\"path\": \"pass/ir.json\", \"text\": "
                + quoted(draft) + "}]}";
        HttpResponse<String> answer = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(base + "/schemaservice/workbench/preview"))
                .header("Authorization", basic).header("Cookie", "XSRF-TOKEN=bench").header("X-XSRF-TOKEN", "bench")
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                HttpResponse.BodyHandlers.ofString());
        String text = answer.body();
        System.out.printf("draft of %,d bytes: %d, %,d bytes: %s%n", body.length(), answer.statusCode(), text.length(),
                text.substring(0, Math.min(text.length(), 240)).replace('\n', ' '));
    }

    /** Each connection sends its head and all but 3 bytes of its body, then waits; a refusal answers before the body ends. */
    static void bodies(String base, String basic, int connections, int bytes) throws Exception {
        URI uri = URI.create(base);
        byte[] chunk = new byte[64 * 1024];
        java.util.Arrays.fill(chunk, (byte) ' ');
        List<Socket> open = new ArrayList<>();
        int refused = 0;
        int cut = 0;
        for (int i = 0; i < connections; i++) {
            Socket socket = new Socket();
            open.add(socket);
            try {
                socket.connect(new InetSocketAddress(uri.getHost(), uri.getPort()), 5_000);
                socket.setSoTimeout(50);
                OutputStream out = socket.getOutputStream();
                out.write(("POST /schemaservice/validate?entityIds=12 HTTP/1.1\r\nHost: " + uri.getHost() + "\r\nAuthorization: "
                        + basic + "\r\nCookie: XSRF-TOKEN=bench\r\nX-XSRF-TOKEN: bench\r\nContent-Type: application/json\r\n"
                        + "Content-Length: " + bytes + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
                for (int sent = 0; sent < bytes - 3; sent += chunk.length) {
                    out.write(chunk, 0, Math.min(chunk.length, bytes - 3 - sent));
                }
                out.flush();
                if (answered(socket.getInputStream())) {
                    refused++;
                }
            } catch (IOException e) {
                cut++;
            }
        }
        HttpResponse<Void> other = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(base + "/q/health/live")).build(),
                HttpResponse.BodyHandlers.discarding());
        System.out.printf("%d connections each holding %,d of %,d bytes: %d answered before their body ended, %d cut off"
                + " by the server, %d held; another client's request meanwhile: %d%n", connections, bytes - 3, bytes, refused, cut,
                connections - refused - cut, other.statusCode());
        for (Socket socket : open) {
            socket.close();
        }
    }

    private static boolean answered(InputStream in) throws IOException {
        try {
            return in.read() >= 0;
        } catch (java.net.SocketTimeoutException e) {
            return false;
        }
    }

    private static String quoted(String text) {
        return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
