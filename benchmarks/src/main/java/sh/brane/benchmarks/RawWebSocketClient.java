package sh.brane.benchmarks;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The floor of JSON-RPC over WebSocket, as {@link RawSocketClient} is for HTTP: the cheapest client there can be,
 * to show how far each real client is from it. One socket, the handshake done once, blocking I/O on the caller's
 * thread (no hand-off between threads), requests written from prebuilt masked frames (several at once when
 * pipelined), and each answer frame read by its length into a reused buffer without being parsed. It knows nothing
 * a real client must (ids, fragments, control frames, errors, timeouts): it is a measuring stick, not a client.
 */
final class RawWebSocketClient implements AutoCloseable {

    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;
    private final byte[] buf = new byte[64 * 1024];
    /** Bytes read ahead in {@link #buf}: {@code [pos, limit)}. */
    private int pos;
    private int limit;

    RawWebSocketClient(String wsUrl) throws IOException {
        URI uri = URI.create(wsUrl);
        socket = new Socket();
        socket.setTcpNoDelay(true);
        socket.connect(new InetSocketAddress(uri.getHost(), uri.getPort()));
        in = socket.getInputStream();
        out = socket.getOutputStream();
        String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
        String handshake = "GET " + path + " HTTP/1.1\r\nHost: " + uri.getHost() + ":" + uri.getPort()
                + "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ=="
                + "\r\nSec-WebSocket-Version: 13\r\n\r\n";
        out.write(handshake.getBytes(StandardCharsets.ISO_8859_1));
        out.flush();
        readHandshake();
    }

    /**
     * The masked text frames of {@code messages}, one after the other, built once: written with one
     * {@link #call} they are pipelined (all written, then all answers read).
     */
    static byte[] frames(List<String> messages) {
        java.io.ByteArrayOutputStream all = new java.io.ByteArrayOutputStream();
        byte[] mask = {0x12, 0x34, 0x56, 0x78};
        for (String message : messages) {
            byte[] payload = message.getBytes(StandardCharsets.UTF_8);
            all.write(0x81); // FIN, text
            if (payload.length < 126) {
                all.write(0x80 | payload.length);
            } else if (payload.length < 65536) {
                all.write(0x80 | 126);
                all.write(payload.length >>> 8);
                all.write(payload.length);
            } else {
                all.write(0x80 | 127);
                for (int shift = 56; shift >= 0; shift -= 8) {
                    all.write((int) ((long) payload.length >>> shift));
                }
            }
            all.write(mask, 0, 4);
            for (int i = 0; i < payload.length; i++) {
                all.write(payload[i] ^ mask[i & 3]);
            }
        }
        return all.toByteArray();
    }

    /** The JSON-RPC request of {@code method} without params, under {@code id}. */
    static String request(long id, String method) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"" + method + "\",\"params\":[]}";
    }

    /** Writes {@code frames} (prebuilt by {@link #frames}) and reads {@code answers} answer frames; returns their bytes. */
    int call(byte[] frames, int answers) throws IOException {
        out.write(frames);
        out.flush();
        int total = 0;
        for (int i = 0; i < answers; i++) {
            total += skipFrame();
        }
        return total;
    }

    /** Reads one frame's header and skips its payload (a server's frames are not masked); returns its length. */
    private int skipFrame() throws IOException {
        need(2);
        int len = buf[pos + 1] & 0x7f;
        pos += 2;
        long length;
        if (len == 126) {
            need(2);
            length = (buf[pos] & 0xff) << 8 | buf[pos + 1] & 0xff;
            pos += 2;
        } else if (len == 127) {
            need(8);
            length = 0;
            for (int k = 0; k < 8; k++) {
                length = length << 8 | buf[pos + k] & 0xff;
            }
            pos += 8;
        } else {
            length = len;
        }
        long left = length;
        while (left > 0) {
            if (pos == limit) {
                fill();
            }
            int take = (int) Math.min(left, limit - pos);
            pos += take;
            left -= take;
        }
        return (int) length;
    }

    /** Makes at least {@code n} bytes available at {@link #pos}. */
    private void need(int n) throws IOException {
        if (limit - pos >= n) {
            return;
        }
        System.arraycopy(buf, pos, buf, 0, limit - pos);
        limit -= pos;
        pos = 0;
        while (limit < n) {
            int r = in.read(buf, limit, buf.length - limit);
            if (r < 0) {
                throw new IOException("connection closed");
            }
            limit += r;
        }
    }

    private void fill() throws IOException {
        pos = 0;
        limit = 0;
        int r = in.read(buf, 0, buf.length);
        if (r < 0) {
            throw new IOException("connection closed");
        }
        limit = r;
    }

    /** Reads the handshake's answer up to its blank line; anything but 101 fails. */
    private void readHandshake() throws IOException {
        while (true) {
            int r = in.read(buf, limit, buf.length - limit);
            if (r < 0) {
                throw new IOException("connection closed during the handshake");
            }
            limit += r;
            for (int i = 3; i < limit; i++) {
                if (buf[i] == '\n' && buf[i - 1] == '\r' && buf[i - 2] == '\n' && buf[i - 3] == '\r') {
                    String status = new String(buf, 0, Math.min(limit, 12), StandardCharsets.ISO_8859_1);
                    if (!status.startsWith("HTTP/1.1 101")) {
                        throw new IOException("handshake refused: " + status);
                    }
                    pos = i + 1;
                    return;
                }
            }
            if (limit == buf.length) {
                throw new IOException("handshake answer larger than " + buf.length + " bytes");
            }
        }
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
