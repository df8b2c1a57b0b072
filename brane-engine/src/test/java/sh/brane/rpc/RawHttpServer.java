package sh.brane.rpc;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import tools.jackson.databind.JsonNode;

/**
 * A loopback HTTP/1.1 server on plain sockets, so that tests control every byte and see every connection:
 * how many were accepted, how many are open, and when the client closed one. Each connection reads
 * requests (with Content-Length bodies) one after another and lets the {@link Responder} write the answer.
 */
public final class RawHttpServer implements AutoCloseable {

    /** One request as read from the socket. */
    public record Request(int connection, String target, Map<String, String> headers, byte[] body) {
        public JsonNode json() {
            return TestWsServer.JSON.readTree(body);
        }

        /** The JSON-RPC id of a single request. */
        public long id() {
            return json().get("id").asLong();
        }
    }

    /** What to do after an answer. */
    public enum After { KEEP_OPEN, CLOSE, STOP_READING }

    @FunctionalInterface
    public interface Responder {
        After respond(Request request, OutputStream out, int callNumber) throws Exception;
    }

    /**
     * Answers with {@code then} once the thread in {@code caller} is parked, waiting for its answer (at most 10 s). Why:
     * an answer read before its caller has hooked its completion to the transport's future (a caller preempted
     * between the two, as on a loaded machine) is then completed, and parsed, on that caller's thread; a test of which
     * thread serves a call wants the answer to come once the caller waits. A caller that reads the answer itself
     * (a virtual thread blocked in a socket read parks too) is still answered, and seen parsing it.
     */
    public static Responder whenParked(AtomicReference<Thread> caller, Responder then) {
        return (request, out, callNumber) -> {
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (System.nanoTime() < until) {
                if (parked(caller.get())) {
                    break;
                }
                Thread.sleep(1);
            }
            return then.respond(request, out, callNumber);
        };
    }

    private static boolean parked(Thread t) {
        return t != null && (t.getState() == Thread.State.WAITING || t.getState() == Thread.State.TIMED_WAITING);
    }

    public final AtomicInteger accepted = new AtomicInteger();
    public final AtomicInteger openConnections = new AtomicInteger();
    /** Connections on which the server read end-of-stream: the client closed them. */
    public final AtomicInteger closedByClient = new AtomicInteger();
    public final List<Request> requests = new CopyOnWriteArrayList<>();
    private final AtomicInteger calls = new AtomicInteger();
    private final ServerSocket server;
    private final ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor();
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    private final Responder responder;

    public RawHttpServer(Responder responder) throws IOException {
        this.responder = responder;
        this.server = new ServerSocket(0, 200, InetAddress.getLoopbackAddress());
        threads.execute(this::acceptLoop);
    }

    public String url() {
        return "http://127.0.0.1:" + server.getLocalPort() + "/rpc";
    }

    private void acceptLoop() {
        while (!server.isClosed()) {
            try {
                Socket s = server.accept();
                int n = accepted.incrementAndGet();
                openConnections.incrementAndGet();
                sockets.add(s);
                threads.execute(() -> serve(s, n));
            } catch (IOException e) {
                return;
            }
        }
    }

    private void serve(Socket s, int connection) {
        try (s) {
            InputStream in = s.getInputStream();
            OutputStream out = s.getOutputStream();
            while (true) {
                Request r = read(in, connection);
                if (r == null) {
                    closedByClient.incrementAndGet();
                    return;
                }
                requests.add(r);
                After after = responder.respond(r, out, calls.incrementAndGet());
                out.flush();
                if (after == After.CLOSE) {
                    return;
                }
                if (after == After.STOP_READING) {
                    // holds the connection open without reading: a client that reuses it hangs
                    while (!s.isClosed() && in.read() >= 0) {
                        // drain until the client gives up on it
                    }
                    closedByClient.incrementAndGet();
                    return;
                }
            }
        } catch (Exception e) {
            // the client went away, or the test stopped the server
        } finally {
            openConnections.decrementAndGet();
        }
    }

    /** The next request, or null at end of stream. */
    private static Request read(InputStream in, int connection) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int last4 = 0;
        while (last4 != 0x0d0a0d0a) {
            int b = in.read();
            if (b < 0) {
                return null;
            }
            head.write(b);
            last4 = last4 << 8 | b;
        }
        String[] lines = head.toString(StandardCharsets.ISO_8859_1).split("\r\n");
        String target = lines[0].split(" ")[1];
        Map<String, String> headers = new LinkedHashMap<>();
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            if (colon > 0) {
                headers.put(lines[i].substring(0, colon).toLowerCase(Locale.ROOT), lines[i].substring(colon + 1).trim());
            }
        }
        int length = Integer.parseInt(headers.getOrDefault("content-length", "0"));
        byte[] body = in.readNBytes(length);
        if (body.length < length) {
            return null;
        }
        return new Request(connection, target, headers, body);
    }

    /** A 200 answer with Content-Length. */
    public static byte[] ok(String json, String... extraHeaders) {
        StringBuilder h = new StringBuilder("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n");
        for (String x : extraHeaders) {
            h.append(x).append("\r\n");
        }
        byte[] body = json.getBytes(StandardCharsets.UTF_8);
        h.append("Content-Length: ").append(body.length).append("\r\n\r\n");
        return concat(h.toString().getBytes(StandardCharsets.ISO_8859_1), body);
    }

    /** A 200 answer in {@code pieces} chunks (Transfer-Encoding: chunked). */
    public static byte[] chunked(String json, int pieces) {
        byte[] body = json.getBytes(StandardCharsets.UTF_8);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
                .getBytes(StandardCharsets.ISO_8859_1));
        int step = Math.max(1, body.length / pieces);
        for (int at = 0; at < body.length; at += step) {
            int n = Math.min(step, body.length - at);
            out.writeBytes((Integer.toHexString(n) + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
            out.write(body, at, n);
            out.writeBytes("\r\n".getBytes(StandardCharsets.ISO_8859_1));
        }
        out.writeBytes("0\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
        return out.toByteArray();
    }

    public static String result(long id, String result) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"result\":\"" + result + "\"}";
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = new byte[a.length + b.length];
        System.arraycopy(a, 0, out, 0, a.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    @Override
    public void close() throws IOException {
        server.close();
        for (Socket s : new ArrayList<>(sockets)) {
            s.close();
        }
        threads.shutdownNow();
    }
}
