package sh.brane.reliability;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * A loopback TCP proxy between a provider and a real node that injects faults on command: cut every
 * connection, refuse new ones, stall without closing (half-open), delay, split into tiny segments, corrupt
 * or inject bytes, and (in WebSocket frame-aware mode) duplicate or reorder the node's frames.
 *
 * <p>Plain blocking sockets, two daemon threads per connection (named {@code fault-proxy-...}, so they never
 * count as a provider's threads). Faults can be switched at any time from any thread.
 */
final class FaultProxy implements AutoCloseable {

    private static final AtomicInteger INSTANCES = new AtomicInteger();

    private final ServerSocket server;
    private final int targetPort;
    private final boolean frameAware;
    private final String name = "fault-proxy-" + INSTANCES.incrementAndGet();
    private final Set<Link> links = ConcurrentHashMap.newKeySet();
    private final Object stallMonitor = new Object();
    private final AtomicInteger corruptNextChunks = new AtomicInteger();
    private final AtomicLong accepted = new AtomicLong();
    private final AtomicLong duplicated = new AtomicLong();
    private final AtomicLong reordered = new AtomicLong();
    private volatile boolean closed;
    private volatile boolean refusing;
    private volatile boolean stalled;
    private volatile boolean fragmenting;
    private volatile long delayMillis;
    private volatile int duplicateEvery;
    private volatile boolean reorder;
    private volatile Consumer<String> clientTextListener;
    private final java.util.concurrent.atomic.AtomicReference<java.util.function.Predicate<String>> cutOnNodeText =
            new java.util.concurrent.atomic.AtomicReference<>();

    private FaultProxy(int targetPort, boolean frameAware) throws IOException {
        this.targetPort = targetPort;
        this.frameAware = frameAware;
        this.server = new ServerSocket(0, 200, InetAddress.getLoopbackAddress());
        Thread acceptor = new Thread(this::acceptLoop, name + "-accept");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    /** A byte-transparent proxy (works for HTTP and WebSocket). */
    static FaultProxy raw(int targetPort) throws IOException {
        return new FaultProxy(targetPort, false);
    }

    /**
     * A proxy that parses WebSocket frames after the upgrade, so it can forward whole frames, inject at frame
     * boundaries, duplicate and reorder the node's frames, and show the client's text frames.
     */
    static FaultProxy webSocketFrames(int targetPort) throws IOException {
        return new FaultProxy(targetPort, true);
    }

    int port() {
        return server.getLocalPort();
    }

    String wsUrl() {
        return "ws://127.0.0.1:" + port();
    }

    String httpUrl() {
        return "http://127.0.0.1:" + port();
    }

    /** Connections accepted so far (a provider reconnecting shows up here). */
    long acceptedConnections() {
        return accepted.get();
    }

    int openConnections() {
        return links.size();
    }

    long duplicatedFrames() {
        return duplicated.get();
    }

    long reorderedFrames() {
        return reordered.get();
    }

    // ---------------------------------------------------------------- faults

    /** Closes every open connection at once (both sides), as a crashed node or a cut cable would. */
    void cutAll() {
        for (Link l : links) {
            l.close();
        }
    }

    /** While on, new connections are accepted and closed at once (a node that is down behind a balancer). */
    void refuse(boolean on) {
        refusing = on;
    }

    /** While on, nothing is forwarded either way but every socket stays open: a half-open connection. */
    void stall(boolean on) {
        synchronized (stallMonitor) {
            stalled = on;
            stallMonitor.notifyAll();
        }
    }

    /** Delay before forwarding each chunk (frame, in frame-aware mode), both ways: a slow node. */
    void delay(long millis) {
        delayMillis = millis;
    }

    /** While on, every forwarded chunk is written as 1..7-byte pieces, each flushed on its own. */
    void fragment(boolean on) {
        fragmenting = on;
    }

    /** Replaces the next {@code n} chunks the node sends with random bytes of the same length. */
    void corruptNextChunks(int n) {
        corruptNextChunks.set(n);
    }

    /** Frame-aware: every n-th text frame from the node is forwarded twice (0: off). */
    void duplicateEvery(int n) {
        requireFrameAware();
        duplicateEvery = n;
    }

    /** Frame-aware: while on, text frames from the node are forwarded in swapped pairs. */
    void reorder(boolean on) {
        requireFrameAware();
        reorder = on;
    }

    /** Frame-aware: receives the payload of every text frame a client sends (unmasked). */
    void onClientText(Consumer<String> listener) {
        requireFrameAware();
        clientTextListener = listener;
    }

    /**
     * Frame-aware, once: the first text frame from the node whose payload matches is not forwarded; its
     * connection is cut instead. The node did the work, the client never hears of it.
     */
    void cutInsteadOfForwarding(java.util.function.Predicate<String> nodeText) {
        requireFrameAware();
        cutOnNodeText.set(nodeText);
    }

    /**
     * Writes {@code bytes} to every connected client. In frame-aware mode they land between two whole frames
     * of the node, so exactly these bytes are what the client sees next.
     */
    void injectToClients(byte[] bytes) {
        for (Link l : links) {
            l.downstream.inject(bytes);
        }
    }

    /** An unmasked, final text frame carrying {@code payload}, as a server sends it. */
    static byte[] textFrame(String payload) {
        byte[] p = payload.getBytes(StandardCharsets.UTF_8);
        ByteArrayOutputStream out = new ByteArrayOutputStream(p.length + 10);
        out.write(0x81);
        if (p.length < 126) {
            out.write(p.length);
        } else if (p.length < 65536) {
            out.write(126);
            out.write(p.length >>> 8);
            out.write(p.length);
        } else {
            out.write(127);
            for (int i = 7; i >= 0; i--) {
                out.write((int) ((long) p.length >>> (8 * i)));
            }
        }
        out.write(p, 0, p.length);
        return out.toByteArray();
    }

    @Override
    public void close() {
        closed = true;
        try {
            server.close();
        } catch (IOException ignored) {
            // closing anyway
        }
        stall(false);
        cutAll();
    }

    private void requireFrameAware() {
        if (!frameAware) {
            throw new IllegalStateException("only a frame-aware proxy can do that");
        }
    }

    // ---------------------------------------------------------------- plumbing

    private void acceptLoop() {
        while (!closed) {
            Socket client;
            try {
                client = server.accept();
            } catch (IOException e) {
                return;
            }
            accepted.incrementAndGet();
            if (refusing) {
                closeQuietly(client);
                continue;
            }
            Socket node = new Socket();
            try {
                node.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), targetPort), 2000);
                client.setTcpNoDelay(true);
                node.setTcpNoDelay(true);
            } catch (IOException e) {
                // the node is down: the client sees its connection close
                closeQuietly(client);
                closeQuietly(node);
                continue;
            }
            Link link;
            try {
                link = new Link(client, node);
            } catch (IOException e) {
                closeQuietly(client);
                closeQuietly(node);
                continue;
            }
            links.add(link);
            if (closed) {
                link.close();
            }
            link.start();
        }
    }

    private void awaitNotStalled(Link link) throws IOException {
        synchronized (stallMonitor) {
            while (stalled && !link.closed) {
                try {
                    stallMonitor.wait(50);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IOException("interrupted");
                }
            }
        }
        if (link.closed) {
            throw new EOFException("link closed");
        }
    }

    private static void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException ignored) {
            // already gone
        }
    }

    /** One client connection and its connection to the node. */
    private final class Link {
        final Socket client;
        final Socket node;
        final Pump upstream;
        final Pump downstream;
        volatile boolean closed;

        Link(Socket client, Socket node) throws IOException {
            this.client = client;
            this.node = node;
            this.upstream = new Pump(this, client.getInputStream(), node.getOutputStream(), false);
            this.downstream = new Pump(this, node.getInputStream(), client.getOutputStream(), true);
        }

        void start() {
            int id = client.getPort();
            Thread up = new Thread(upstream::run, name + "-" + id + "-up");
            Thread down = new Thread(downstream::run, name + "-" + id + "-down");
            up.setDaemon(true);
            down.setDaemon(true);
            up.start();
            down.start();
        }

        void close() {
            closed = true;
            closeQuietly(client);
            closeQuietly(node);
            links.remove(this);
        }
    }

    /** Copies one direction of one link, applying the faults switched on. */
    private final class Pump {
        private final Link link;
        private final InputStream in;
        private final OutputStream out;
        private final boolean fromNode;
        private int textFrames;
        private byte[] held;

        Pump(Link link, InputStream in, OutputStream out, boolean fromNode) {
            this.link = link;
            this.in = new BufferedInputStream(in, 64 * 1024);
            this.out = out;
            this.fromNode = fromNode;
        }

        void run() {
            try {
                if (frameAware) {
                    copyHttpHead();
                    copyFrames();
                } else {
                    copyRaw();
                }
            } catch (IOException e) {
                // the link ends
            } finally {
                link.close();
            }
        }

        private void copyRaw() throws IOException {
            byte[] buf = new byte[16 * 1024];
            while (true) {
                awaitNotStalled(link);
                int n = in.read(buf);
                if (n < 0) {
                    return;
                }
                byte[] chunk = java.util.Arrays.copyOf(buf, n);
                if (fromNode && corruptNextChunks.getAndUpdate(c -> Math.max(0, c - 1)) > 0) {
                    ThreadLocalRandom.current().nextBytes(chunk);
                }
                forward(chunk);
            }
        }

        /** The HTTP upgrade request or response, up to and including the blank line. */
        private void copyHttpHead() throws IOException {
            ByteArrayOutputStream head = new ByteArrayOutputStream();
            int matched = 0;
            while (matched < 4) {
                int b = in.read();
                if (b < 0) {
                    throw new EOFException();
                }
                head.write(b);
                matched = b == (matched % 2 == 0 ? '\r' : '\n') ? matched + 1 : (b == '\r' ? 1 : 0);
            }
            forward(head.toByteArray());
        }

        private void copyFrames() throws IOException {
            DataInputStream data = new DataInputStream(in);
            while (true) {
                awaitNotStalled(link);
                int b0 = data.readUnsignedByte();
                int b1 = data.readUnsignedByte();
                ByteArrayOutputStream frame = new ByteArrayOutputStream();
                frame.write(b0);
                frame.write(b1);
                long len = b1 & 0x7F;
                if (len == 126) {
                    int ext = data.readUnsignedShort();
                    frame.write(ext >>> 8);
                    frame.write(ext);
                    len = ext;
                } else if (len == 127) {
                    len = data.readLong();
                    for (int i = 7; i >= 0; i--) {
                        frame.write((int) (len >>> (8 * i)));
                    }
                }
                if (len < 0 || len > 64L * 1024 * 1024) {
                    throw new IOException("frame length " + len + " not supported by the test proxy");
                }
                byte[] mask = null;
                if ((b1 & 0x80) != 0) {
                    mask = new byte[4];
                    data.readFully(mask);
                    frame.write(mask, 0, 4);
                }
                byte[] payload = new byte[(int) len];
                data.readFully(payload);
                frame.write(payload, 0, payload.length);
                int opcode = b0 & 0x0F;
                boolean text = opcode == 1;
                if (!fromNode && text && clientTextListener != null) {
                    byte[] plain = payload.clone();
                    if (mask != null) {
                        for (int i = 0; i < plain.length; i++) {
                            plain[i] ^= mask[i & 3];
                        }
                    }
                    clientTextListener.accept(new String(plain, StandardCharsets.UTF_8));
                }
                byte[] bytes = frame.toByteArray();
                java.util.function.Predicate<String> cut = cutOnNodeText.get();
                if (fromNode && text && cut != null && cut.test(new String(payload, StandardCharsets.UTF_8))
                        && cutOnNodeText.compareAndSet(cut, null)) {
                    link.close();
                    return;
                }
                if (fromNode && text) {
                    onNodeTextFrame(bytes);
                } else {
                    forward(bytes);
                }
            }
        }

        private void onNodeTextFrame(byte[] frame) throws IOException {
            textFrames++;
            int dup = duplicateEvery;
            boolean twice = dup > 0 && textFrames % dup == 0;
            if (reorder && held == null) {
                held = frame;
                return;
            }
            forward(frame);
            if (twice) {
                duplicated.incrementAndGet();
                forward(frame);
            }
            if (held != null) {
                byte[] h = held;
                held = null;
                reordered.incrementAndGet();
                forward(h);
            }
        }

        private void forward(byte[] chunk) throws IOException {
            long delay = delayMillis;
            if (delay > 0) {
                try {
                    Thread.sleep(delay);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IOException("interrupted");
                }
            }
            awaitNotStalled(link);
            synchronized (this) {
                if (!fragmenting) {
                    out.write(chunk);
                    out.flush();
                    return;
                }
                ThreadLocalRandom rnd = ThreadLocalRandom.current();
                for (int i = 0; i < chunk.length; ) {
                    int n = Math.min(chunk.length - i, 1 + rnd.nextInt(7));
                    out.write(chunk, i, n);
                    out.flush();
                    i += n;
                }
            }
        }

        void inject(byte[] bytes) {
            synchronized (this) {
                try {
                    out.write(bytes);
                    out.flush();
                } catch (IOException e) {
                    link.close();
                }
            }
        }
    }
}
