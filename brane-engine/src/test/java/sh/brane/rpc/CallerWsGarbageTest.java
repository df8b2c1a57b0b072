package sh.brane.rpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

/**
 * The caller-thread connection's frame reader ({@link CallerWsConnection}) against a peer that answers the handshake
 * and then writes random bytes (seeded) and closes: every call ends, with one of the provider's errors, never with a
 * bug's exception, and nothing stays pending. The handshake's check is tested too.
 */
class CallerWsGarbageTest {

    @Test
    void randomBytesAfterTheHandshakeEndEveryCallCleanly() throws Exception {
        Random random = new Random(20261124L);
        AtomicInteger accepted = new AtomicInteger();
        try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Thread peer = Thread.ofPlatform().daemon().start(() -> serve(server, random, accepted));
            WebSocketConfig config = WebSocketConfig.builder("ws://127.0.0.1:" + server.getLocalPort() + "/")
                    .callerThreadConnections(1).requestTimeout(Duration.ofSeconds(2))
                    .connectTimeout(Duration.ofSeconds(2)).build();
            try (WebSocketProvider p = WebSocketProvider.create(config)) {
                for (int i = 0; i < 150; i++) {
                    try {
                        p.send("eth_chainId", List.of());
                    } catch (ConnectionLostException e) {
                        // a reader's bug would show here as a RuntimeException cause
                        assertThat(e.getCause()).as(e.getMessage()).isInstanceOfAny(IOException.class);
                    } catch (InvalidResponseException | FrameTooLargeException | RpcErrorException e) {
                        // the garbage read as a message of the wrong shape, or too large
                    }
                }
                assertThat(p.pendingRequests()).isZero();
                assertThat(accepted.get()).isGreaterThan(100); // the calls did go over caller connections
            }
            peer.interrupt();
        }
    }

    private static void serve(ServerSocket server, Random random, AtomicInteger accepted) {
        boolean first = true;
        List<Socket> kept = new java.util.ArrayList<>(); // the shared connection's socket, kept from the collector
        while (!server.isClosed()) {
            try {
                Socket s = server.accept();
                String key = readKey(s.getInputStream());
                OutputStream out = s.getOutputStream();
                out.write(("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                        + "Sec-WebSocket-Accept: " + CallerWsHandshake.expectedAccept(key) + "\r\n\r\n")
                        .getBytes(StandardCharsets.ISO_8859_1));
                out.flush();
                if (first) {
                    first = false; // the shared connection: kept open and silent
                    kept.add(s);
                    continue;
                }
                accepted.incrementAndGet();
                readFrame(s.getInputStream());
                byte[] garbage = new byte[1 + random.nextInt(64)];
                random.nextBytes(garbage);
                if (random.nextBoolean()) {
                    garbage[0] = (byte) (0x80 | random.nextInt(16)); // a plausible first byte: go further in
                    garbage[1 % garbage.length] &= 0x7F;
                }
                out.write(garbage);
                out.flush();
                s.close();
            } catch (IOException e) {
                if (server.isClosed()) {
                    return;
                }
            }
        }
    }

    private static String readKey(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int b;
        while ((b = in.read()) >= 0) {
            head.write(b);
            byte[] h = head.toByteArray();
            int n = h.length;
            if (n >= 4 && h[n - 1] == '\n' && h[n - 2] == '\r' && h[n - 3] == '\n' && h[n - 4] == '\r') {
                break;
            }
        }
        for (String line : head.toString(StandardCharsets.ISO_8859_1).split("\r\n")) {
            if (line.toLowerCase().startsWith("sec-websocket-key:")) {
                return line.substring(line.indexOf(':') + 1).trim();
            }
        }
        throw new IOException("no key");
    }

    /** Reads one masked client frame of a short payload. */
    private static void readFrame(InputStream in) throws IOException {
        in.read();
        int len = in.read() & 0x7F;
        if (len == 126) {
            len = (in.read() << 8) | in.read();
        }
        in.readNBytes(4 + len);
    }

    @Test
    void theHandshakeCheckRefusesAWrongAnswer() throws Exception {
        String key = CallerWsHandshake.newKey();
        String ok = "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                + "Sec-WebSocket-Accept: " + CallerWsHandshake.expectedAccept(key);
        CallerWsHandshake.check(ok, key);
        assertThatThrownBy(() -> CallerWsHandshake.check(ok.replace("101", "403"), key))
                .hasMessageContaining("HTTP 403 instead of 101");
        assertThatThrownBy(() -> CallerWsHandshake.check(ok, CallerWsHandshake.newKey()))
                .hasMessageContaining("wrong Sec-WebSocket-Accept");
        assertThatThrownBy(() -> CallerWsHandshake.check(ok + "\r\nSec-WebSocket-Extensions: permessage-deflate", key))
                .hasMessageContaining("extension");
        // the request carries the configured headers (which may hold a key) but no userinfo (a password with a '-',
        // which base64 never writes: "pw" turned up in the random Sec-WebSocket-Key one run in a few hundred)
        byte[] request = new CallerWsHandshake(java.net.URI.create("ws://user:pa-ss@node:8546/path?k=1"), 8546,
                java.util.Map.of("Authorization", "Bearer x")).request(key);
        String text = new String(request, StandardCharsets.ISO_8859_1);
        assertThat(text).startsWith("GET /path?k=1 HTTP/1.1\r\nHost: node:8546\r\n").contains("Authorization: Bearer x")
                .doesNotContain("pa-ss").doesNotContain("user:");
    }
}
