package sh.brane.benchmarks;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;

/**
 * The floor of a JSON-RPC round trip over WebSocket, as {@link RawSocketClient} is over HTTP: one socket upgraded
 * once, blocking I/O on the caller's thread, a request written as a prebuilt masked text frame, and the answer
 * frame read by its length into a reused buffer without being parsed. It knows nothing a real client must
 * (ids, fragmentation, ping/pong, close, timeouts): a measuring stick, not a client.
 */
final class RawWebSocketClient implements AutoCloseable {

    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;
    private final byte[] buf = new byte[64 * 1024];

    RawWebSocketClient(String wsUrl) throws IOException {
        URI uri = URI.create(wsUrl);
        socket = new Socket();
        socket.setTcpNoDelay(true);
        socket.connect(new InetSocketAddress(uri.getHost(), uri.getPort()));
        in = socket.getInputStream();
        out = socket.getOutputStream();
        String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
        out.write(("GET " + path + " HTTP/1.1\r\nHost: " + uri.getHost() + ":" + uri.getPort()
                + "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                + "Sec-WebSocket-Version: 13\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
        out.flush();
        // the 101 head, read byte by byte so that no frame byte is taken with it
        int n = 0;
        while (n < 4 || !(buf[n - 1] == '\n' && buf[n - 2] == '\r' && buf[n - 3] == '\n' && buf[n - 4] == '\r')) {
            int b = in.read();
            if (b < 0 || n == buf.length) {
                throw new IOException("no WebSocket upgrade answer");
            }
            buf[n++] = (byte) b;
        }
        String head = new String(buf, 0, n, StandardCharsets.ISO_8859_1);
        if (!head.startsWith("HTTP/1.1 101")) {
            throw new IOException("upgrade refused: " + head.lines().findFirst().orElse(""));
        }
    }

    /** A masked text frame holding {@code json}, built once (mask key 0: the payload goes as it is). */
    static byte[] frame(String json) {
        byte[] payload = json.getBytes(StandardCharsets.UTF_8);
        int len = payload.length;
        int head = len < 126 ? 2 : len < 65_536 ? 4 : 10;
        byte[] f = new byte[head + 4 + len];
        f[0] = (byte) 0x81; // FIN, text
        if (len < 126) {
            f[1] = (byte) (0x80 | len);
        } else if (len < 65_536) {
            f[1] = (byte) (0x80 | 126);
            f[2] = (byte) (len >>> 8);
            f[3] = (byte) len;
        } else {
            f[1] = (byte) (0x80 | 127);
            for (int i = 0; i < 8; i++) {
                f[2 + i] = (byte) ((long) len >>> (56 - 8 * i));
            }
        }
        // four zero bytes of mask key, then the payload unchanged (XOR with 0)
        System.arraycopy(payload, 0, f, head + 4, len);
        return f;
    }

    /** Sends {@code frame} and reads one answer frame; returns its payload length. */
    int call(byte[] frame) throws IOException {
        out.write(frame);
        out.flush();
        readFully(0, 2);
        if ((buf[0] & 0x0f) != 1 || (buf[0] & 0x80) == 0) {
            throw new IOException("the raw client reads only single unfragmented text frames, got 0x"
                    + Integer.toHexString(buf[0] & 0xff));
        }
        long length = buf[1] & 0x7f;
        if (length == 126) {
            readFully(0, 2);
            length = ((buf[0] & 0xff) << 8) | (buf[1] & 0xff);
        } else if (length == 127) {
            readFully(0, 8);
            length = 0;
            for (int i = 0; i < 8; i++) {
                length = (length << 8) | (buf[i] & 0xff);
            }
        }
        // the payload is read and dropped: a client that parses nothing
        long left = length;
        while (left > 0) {
            int r = in.read(buf, 0, (int) Math.min(buf.length, left));
            if (r < 0) {
                throw new IOException("connection closed in a frame");
            }
            left -= r;
        }
        return (int) length;
    }

    private void readFully(int off, int len) throws IOException {
        while (len > 0) {
            int r = in.read(buf, off, len);
            if (r < 0) {
                throw new IOException("connection closed");
            }
            off += r;
            len -= r;
        }
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
