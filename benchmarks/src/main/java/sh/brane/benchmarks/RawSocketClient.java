package sh.brane.benchmarks;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;

import jdk.net.ExtendedSocketOptions;

/**
 * The floor of a JSON-RPC round trip over HTTP/1.1: the cheapest client there can be, to show how far each real
 * client is from it. One keep-alive socket, blocking I/O on the caller's thread (no hand-off between threads),
 * a request written from prebuilt bytes, and an answer read by its {@code Content-Length} into a reused buffer
 * without being parsed. Like Brane's HTTP transport it acknowledges an answer's pieces at once ({@code TCP_QUICKACK},
 * while the answer is coming): a node that leaves Nagle's algorithm on (Anvil) may hold the rest of an answer written
 * in pieces until the first is acknowledged, and the floor must not pay a wait that Brane does not (without it,
 * this floor ran below Brane's batch rows against Anvil, 24 Nov 2026). It knows nothing a real client must (ids,
 * errors, chunked bodies, timeouts, retries): it is a measuring stick, not a client.
 *
 * <p>Made with {@code poll}, it is the polling floor: after writing, it polls the socket ({@code available()}, a
 * system call that does not block) until the answer's first bytes are there, and only then reads, so its thread never
 * sleeps waiting for an answer and pays no wake-up. That is the fastest a client on one thread can get an answer, at
 * the cost of a core for the wait: the measuring stick for a client that polls too (Brane's HTTP caller-thread
 * connections do, for a lone caller while the node answers within {@code answerSpin}).
 */
final class RawSocketClient implements AutoCloseable {

    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;
    private byte[] buf = new byte[64 * 1024];
    /** Whether this socket takes {@code TCP_QUICKACK} (Linux); else the kernel's own ACK timing. */
    private final boolean quickAck;
    /** Whether to poll for the answer's first bytes rather than sleep in a read. */
    private final boolean poll;

    RawSocketClient(String httpUrl) throws IOException {
        this(httpUrl, false);
    }

    RawSocketClient(String httpUrl, boolean poll) throws IOException {
        this.poll = poll;
        URI uri = URI.create(httpUrl);
        socket = new Socket();
        socket.setTcpNoDelay(true);
        socket.connect(new InetSocketAddress(uri.getHost(), uri.getPort()));
        quickAck = socket.supportedOptions().contains(ExtendedSocketOptions.TCP_QUICKACK);
        in = socket.getInputStream();
        out = socket.getOutputStream();
    }

    /** The whole HTTP request for a JSON-RPC body, built once. */
    static byte[] request(String httpUrl, String jsonBody) {
        URI uri = URI.create(httpUrl);
        byte[] body = jsonBody.getBytes(StandardCharsets.UTF_8);
        String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
        String head = "POST " + path + " HTTP/1.1\r\nHost: " + uri.getHost() + ":" + uri.getPort()
                + "\r\nContent-Type: application/json\r\nContent-Length: " + body.length + "\r\n\r\n";
        byte[] head8 = head.getBytes(StandardCharsets.ISO_8859_1);
        byte[] all = new byte[head8.length + body.length];
        System.arraycopy(head8, 0, all, 0, head8.length);
        System.arraycopy(body, 0, all, head8.length, body.length);
        return all;
    }

    /** Sends {@code request} and reads the answer's body; returns its length. */
    int call(byte[] request) throws IOException {
        out.write(request);
        out.flush();
        armQuickAck();
        if (poll) {
            long until = System.nanoTime() + POLL_LIMIT_NANOS;
            while (in.available() == 0 && System.nanoTime() - until < 0) {
                Thread.onSpinWait();
            }
        }
        // the head: read until CRLF CRLF, finding Content-Length on the way
        int n = 0;
        int headEnd = -1;
        while (headEnd < 0) {
            if (n == buf.length) {
                throw new IOException("HTTP head larger than " + buf.length + " bytes");
            }
            int r = in.read(buf, n, buf.length - n);
            if (r < 0) {
                throw new IOException("connection closed");
            }
            for (int i = Math.max(3, n); i < n + r; i++) {
                if (buf[i] == '\n' && buf[i - 1] == '\r' && buf[i - 2] == '\n' && buf[i - 3] == '\r') {
                    headEnd = i + 1;
                    break;
                }
            }
            n += r;
            if (headEnd < 0) {
                armQuickAck(); // the kernel drops the option by itself: re-armed while more is coming, as Brane does
            }
        }
        int length = contentLength(headEnd);
        int have = n - headEnd;
        int left = length - have;
        if (left > 0) {
            armQuickAck();
        }
        // the body is read and dropped: a client that parses nothing
        while (left > 0) {
            int r = in.read(buf, 0, Math.min(buf.length, left));
            if (r < 0) {
                throw new IOException("connection closed in the body");
            }
            left -= r;
            if (left > 0) {
                armQuickAck();
            }
        }
        return length;
    }

    /** Longer than any answer of the benchmarks' nodes: the polling floor sleeps only for a lost answer. */
    private static final long POLL_LIMIT_NANOS = 100_000_000L;

    private void armQuickAck() throws IOException {
        if (quickAck) {
            socket.setOption(ExtendedSocketOptions.TCP_QUICKACK, true);
        }
    }

    private static final byte[] CONTENT_LENGTH = "\r\ncontent-length:".getBytes(StandardCharsets.US_ASCII);

    /** Content-Length from the head in {@code buf[0, headEnd)}, found by a byte scan (no String). */
    private int contentLength(int headEnd) throws IOException {
        outer:
        for (int i = 0, last = headEnd - CONTENT_LENGTH.length; i <= last; i++) {
            for (int k = 0; k < CONTENT_LENGTH.length; k++) {
                int b = buf[i + k];
                if ((b >= 'A' && b <= 'Z' ? b + 32 : b) != CONTENT_LENGTH[k]) {
                    continue outer;
                }
            }
            int v = 0;
            for (int j = i + CONTENT_LENGTH.length; j < headEnd && buf[j] != '\r'; j++) {
                if (buf[j] >= '0' && buf[j] <= '9') {
                    v = v * 10 + (buf[j] - '0');
                }
            }
            return v;
        }
        throw new IOException("the raw client reads only answers with Content-Length");
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
