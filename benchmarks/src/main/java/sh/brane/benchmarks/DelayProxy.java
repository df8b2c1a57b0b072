package sh.brane.benchmarks;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import jdk.net.ExtendedSocketOptions;

/**
 * A TCP proxy on the loopback interface that puts a fixed one-way delay between a client and a node, to measure
 * what a real node 1 to 100 ms away costs without sleeping in the client: each chunk read from one side is written
 * to the other side {@code delay} after it was read, in the order it was read (per direction, per connection). A
 * round trip through it takes at least twice the delay; bandwidth is not limited. Clients reach it by the host name
 * {@value #HOST}, never by a loopback literal, as they would reach a remote node by its name.
 *
 * <p>The socket to the node acknowledges what it reads at once ({@code TCP_QUICKACK}, re-armed after each read). A
 * proxy ends the client's TCP connection, so the node's segments are acknowledged by the proxy's kernel, not by the
 * client: with the kernel's delayed ACK (40 ms) a node that leaves Nagle on (Anvil does) held its next answers until
 * then, whenever the proxy had no request of its own to carry the ACK, and 10-15% of the 100-in-flight rounds took
 * 40 ms instead of 4 (29 Nov 2026). A client can neither cause nor cure that stall through a proxy; on a real link its
 * own ACKs reach the node, and Brane's are immediate ({@code QuickAckHandler}). The cost of this choice: a client
 * that delays its ACKs (web3j) is spared here the stalls a Nagle-on node could give it over a real link.
 *
 * <p>It runs as its own process ({@link #main}), started and stopped by the benchmark, so that its CPU time and
 * allocations are not counted as the client's ({@code -prof gc}, process CPU). It prints {@code port N} on its
 * standard output once it listens, and exits when its standard input closes (the benchmark JVM went away).
 */
public final class DelayProxy {
    /** The name clients reach the proxy by: resolved like any remote node's, not an address literal. */
    static final String HOST = "localhost";
    private static final int CHUNK = 64 * 1024;
    private static final byte[] EOF = new byte[0];

    private DelayProxy() {
    }

    /** Arguments: target port on 127.0.0.1, one-way delay in microseconds. */
    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            throw new IllegalArgumentException("usage: DelayProxy <target port> <one-way delay in microseconds>");
        }
        int target = Integer.parseInt(args[0]);
        long delayNanos = TimeUnit.MICROSECONDS.toNanos(Long.parseLong(args[1]));
        if (target < 1 || target > 65_535 || delayNanos < 0) {
            throw new IllegalArgumentException("target port must be 1..65535 and the delay 0 or more, got "
                    + args[0] + " " + args[1]);
        }
        ServerSocket server = new ServerSocket(0, 256, InetAddress.getByName(HOST));
        Thread watchdog = new Thread(() -> {
            try {
                while (System.in.read() >= 0) {
                    // the parent never writes; end of input means the parent is gone
                }
            } catch (IOException e) {
                // the same
            }
            System.exit(0);
        }, "proxy-parent-watch");
        watchdog.setDaemon(true);
        watchdog.start();
        System.out.println("port " + server.getLocalPort());
        System.out.flush();
        while (true) {
            Socket client = server.accept();
            Socket node = new Socket();
            node.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), target), 5_000);
            client.setTcpNoDelay(true);
            node.setTcpNoDelay(true);
            pipe(client, node, delayNanos, "up", false);
            pipe(node, client, delayNanos, "down", true);
        }
    }

    private record Chunk(long due, byte[] bytes) {
    }

    /** One direction: a reader that stamps each chunk and a writer that sends it once it is due. */
    private static void pipe(Socket from, Socket to, long delayNanos, String name, boolean fromNode)
            throws IOException {
        LinkedBlockingQueue<Chunk> queue = new LinkedBlockingQueue<>();
        InputStream in = from.getInputStream();
        OutputStream out = to.getOutputStream();
        Thread.ofPlatform().daemon().name("proxy-read-" + name).start(() -> {
            byte[] buf = new byte[CHUNK];
            try {
                int n;
                acknowledgeAtOnce(from, fromNode);
                while ((n = in.read(buf)) > 0) {
                    acknowledgeAtOnce(from, fromNode);
                    byte[] copy = new byte[n];
                    System.arraycopy(buf, 0, copy, 0, n);
                    queue.add(new Chunk(System.nanoTime() + delayNanos, copy));
                }
            } catch (IOException e) {
                // the connection closed
            }
            queue.add(new Chunk(System.nanoTime() + delayNanos, EOF));
        });
        Thread.ofPlatform().daemon().name("proxy-write-" + name).start(() -> {
            try {
                while (true) {
                    Chunk c = queue.take();
                    long wait;
                    while ((wait = c.due() - System.nanoTime()) > 0) {
                        LockSupport.parkNanos(wait);
                    }
                    if (c.bytes() == EOF) {
                        return;
                    }
                    out.write(c.bytes());
                }
            } catch (IOException | InterruptedException e) {
                // the connection closed
            } finally {
                // HTTP and WebSocket clients close whole connections: no half-closed state to keep
                closeQuietly(from);
                closeQuietly(to);
            }
        });
    }

    /** A proxy process started by {@link #start}; {@link #close} stops it by its PID. */
    record Running(Process process, int port) implements AutoCloseable {
        String httpUrl() {
            return "http://" + HOST + ":" + port;
        }

        String wsUrl() {
            return "ws://" + HOST + ":" + port;
        }

        long pid() {
            return process.pid();
        }

        @Override
        public void close() {
            process.destroy();
            try {
                if (!process.waitFor(5, TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                }
            } catch (InterruptedException e) {
                process.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Starts a proxy process (this JVM's java and class path) in front of 127.0.0.1:{@code targetPort}. */
    static Running start(int targetPort, long oneWayDelayMicros) throws IOException {
        String javaBin = ProcessHandle.current().info().command().orElse("java");
        Process p = new ProcessBuilder(javaBin, "-Xmx64m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-cp",
                System.getProperty("java.class.path"), DelayProxy.class.getName(), String.valueOf(targetPort),
                String.valueOf(oneWayDelayMicros)).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        try {
            var reader = new BufferedReader(new InputStreamReader(p.getInputStream(),
                    StandardCharsets.US_ASCII));
            String line = reader.readLine();
            if (line == null || !line.startsWith("port ")) {
                throw new IOException("the delay proxy did not start: " + line);
            }
            return new Running(p, Integer.parseInt(line.substring(5).trim()));
        } catch (IOException | RuntimeException e) {
            p.destroyForcibly();
            throw e;
        }
    }

    /** Re-arms quick acknowledgement on the node's socket (Linux clears it as the connection goes on). */
    private static void acknowledgeAtOnce(Socket s, boolean fromNode) throws IOException {
        if (fromNode && s.supportedOptions().contains(ExtendedSocketOptions.TCP_QUICKACK)) {
            s.setOption(ExtendedSocketOptions.TCP_QUICKACK, true);
        }
    }

    private static void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException e) {
            // already closed
        }
    }
}
