package sh.brane.rpc;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeoutException;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;

/**
 * One caller-thread WebSocket connection ({@link CallerThreadWs}): opened as a non-blocking socket with a selector of
 * its own, so that connecting and the handshake wait with a deadline, then switched to blocking reads and writes:
 * a blocking read wakes its thread straight from the socket, where a wait on the selector and a read after it cost
 * 5-6 µs more of CPU per call and a tenth of the WebSocket sequential row against Anvil (0.80 against 0.93 of the
 * floor, an A/B of 2 forks each, session 19). A read has no deadline of its own: the sweep that ends a call with its
 * timeout ends the exchange it waits in ({@link #beginExchange}) by closing the connection. Masked client frames out,
 * the node's frames in, joined into one message of at most {@code maxMessageSize} bytes. Pings are answered with a
 * pong, pongs ignored; a close frame, a masked or malformed frame, or a message over the limit end the connection
 * (the caller drops it). Used by one thread at a time.
 *
 * <p>Just over this project's usual class size (about 400 lines) on purpose: the handshake, the frame writer and the
 * bounded message reader share the connection's read-ahead buffer and its close rule (a malformed frame, an oversized
 * message and a cancelled exchange all end the same socket); the exchange around it is {@link CallerThreadWs}.
 */
final class CallerWsConnection {

    /** A message over the size limit: {@code size} bytes, or at least that many when not {@code exact}. */
    static final class TooLarge extends IOException {
        final long size;
        final boolean exact;

        TooLarge(long size, boolean exact) {
            super("a message of " + (exact ? "" : "at least ") + size + " bytes");
            this.size = size;
            this.exact = exact;
        }
    }

    /** The largest answer head of the handshake. */
    private static final int MAX_HEAD = 16 * 1024;
    /** A message buffer that grew beyond this is not kept for the next answer. */
    private static final int KEPT_MESSAGE = 64 * 1024;
    private static final int OP_CONTINUATION = 0;
    private static final int OP_TEXT = 1;
    private static final int OP_BINARY = 2;
    private static final int OP_CLOSE = 8;
    private static final int OP_PING = 9;
    private static final int OP_PONG = 10;

    private final SocketChannel channel;
    private final Selector selector;
    private final DeadlineChannel io;
    private final int maxMessageSize;
    /** Bytes read and not yet used, between position and limit. On the heap: connections come and go. */
    private final ByteBuffer in = ByteBuffer.allocate(MAX_HEAD).flip();
    private ByteBuf message;
    /** When it was last handed back to the pool ({@link System#nanoTime()}). */
    long idleSince;

    private CallerWsConnection(SocketChannel channel, Selector selector, int maxMessageSize) throws IOException {
        this.channel = channel;
        this.selector = selector;
        this.io = new DeadlineChannel(channel, selector, channel.register(selector, SelectionKey.OP_CONNECT),
                () -> new IOException("the connection was closed"), "answer");
        this.maxMessageSize = maxMessageSize;
    }

    /**
     * Connects and shakes hands by {@code deadline}; nothing of a call is sent yet, so any failure here leaves the call
     * free to go another way.
     */
    static CallerWsConnection open(InetSocketAddress address, CallerWsHandshake handshake, int maxMessageSize,
                                   long deadline) throws IOException, TimeoutException {
        InetSocketAddress resolved = new InetSocketAddress(address.getHostString(), address.getPort());
        if (resolved.isUnresolved()) {
            throw new ConnectException("cannot resolve " + address.getHostString());
        }
        SocketChannel ch = SocketChannel.open();
        Selector sel = null;
        CallerWsConnection c = null;
        try {
            ch.setOption(StandardSocketOptions.TCP_NODELAY, true);
            ch.setOption(StandardSocketOptions.SO_KEEPALIVE, true);
            ch.configureBlocking(false);
            sel = Selector.open();
            c = new CallerWsConnection(ch, sel, maxMessageSize);
            if (!ch.connect(resolved)) {
                while (!ch.finishConnect()) {
                    if (!c.io.await(SelectionKey.OP_CONNECT, deadline)) {
                        throw new TimeoutException("no WebSocket connection within the connect timeout");
                    }
                }
            }
            String wsKey = CallerWsHandshake.newKey();
            c.writeFully(ByteBuffer.wrap(handshake.request(wsKey)), deadline);
            CallerWsHandshake.check(c.readHead(deadline), wsKey);
            c.toBlocking();
            return c;
        } catch (IOException | TimeoutException | RuntimeException e) {
            if (c != null) {
                c.close();
            } else {
                ch.close();
                if (sel != null) {
                    sel.close();
                }
            }
            throw e;
        }
    }

    /** After the handshake: every read and write blocks; the selector is no longer used. */
    private void toBlocking() throws IOException {
        io.key().cancel();
        selector.selectNow(); // deregisters the channel, which may not block while registered
        channel.configureBlocking(true);
    }

    /** What {@link #beginExchange} leaves in {@link #serving} once the sweep has closed the connection. */
    private static final Object EXPIRED = new Object();
    /** The exchange under way (its cancel action), {@link #EXPIRED}, or null between exchanges. */
    private final java.util.concurrent.atomic.AtomicReference<Object> serving =
            new java.util.concurrent.atomic.AtomicReference<>();

    /**
     * Starts an exchange; returns what ends it at its calls' timeout: run by the sweep ({@link
     * PendingRequest#cancelRead}), it closes the connection if this exchange is still under way (never a later one),
     * so that a read blocked for an answer that does not come returns.
     */
    Runnable beginExchange() {
        Runnable cancel = new Runnable() {
            @Override
            public void run() {
                if (serving.compareAndSet(this, EXPIRED)) {
                    close();
                }
            }
        };
        serving.set(cancel);
        return cancel;
    }

    /** Ends the exchange {@code cancel} began; false if the sweep closed the connection first (a timeout). */
    boolean endExchange(Runnable cancel) {
        boolean ended = serving.compareAndSet(cancel, null);
        reused |= ended;
        return ended;
    }

    /** Whether an exchange has ended on it before: it was idle in the pool since. */
    private boolean reused;

    /** Whether it carried an exchange before the one under way (so the node may have closed it while it was idle). */
    boolean reused() {
        return reused;
    }

    /** Whether the sweep closed the connection at its exchange's timeout. */
    boolean expired() {
        return serving.get() == EXPIRED;
    }

    /**
     * Whether the node has not closed this idle connection: reads what came meanwhile without waiting, answering
     * pings; false after the end of the stream, a close frame, or anything else (nothing may come unasked). Three
     * system calls on a blocking connection (it reads without blocking in between): asked before a call that may not
     * be repeated only ({@link CallerThreadWs}).
     */
    boolean stillOpen() {
        try {
            in.compact();
            int n;
            try {
                channel.configureBlocking(false);
                try {
                    n = channel.read(in);
                } finally {
                    channel.configureBlocking(true);
                }
            } finally {
                in.flip();
            }
            if (n < 0) {
                return false;
            }
            while (in.hasRemaining()) {
                int op = controlFrameAt();
                if (op != OP_PING && op != OP_PONG) {
                    return false;
                }
            }
            return true;
        } catch (IOException | TimeoutException | RuntimeException e) {
            return false;
        }
    }

    /** Reads one whole control frame from {@link #in} if it holds one (a ping is answered); its opcode, or -1. */
    private int controlFrameAt() throws IOException, TimeoutException {
        if (in.remaining() < 2) {
            return -1;
        }
        int b0 = in.get(in.position()) & 0xFF;
        int b1 = in.get(in.position() + 1) & 0xFF;
        int len = b1 & 0x7F;
        int op = b0 & 0x0F;
        if ((b0 & 0x80) == 0 || (b1 & 0x80) != 0 || len > 125 || in.remaining() < 2 + len || op < OP_CLOSE) {
            return -1;
        }
        in.position(in.position() + 2);
        byte[] payload = new byte[len];
        in.get(payload);
        if (op == OP_PING) {
            pong(payload, System.nanoTime() + 1_000_000_000L);
        }
        return op;
    }

    /** Writes a whole frame (header and masked payload, from reader to writer index) by {@code deadline}. */
    void write(ByteBuf frame, long deadline) throws IOException, TimeoutException {
        dataSinceWrite = false;
        writeFully(frame.nioBuffer(), deadline);
    }

    /**
     * Reads the next whole data message, answering pings on the way; the buffer returned is valid until the next
     * read.
     *
     * @throws TooLarge if it is over the limit (the rest is not read: the connection must be dropped)
     * @throws IOException after a close frame, the end of the stream or a malformed frame
     */
    ByteBuf readMessage(long deadline) throws IOException, TimeoutException {
        if (message == null || message.capacity() > KEPT_MESSAGE) {
            message = Unpooled.buffer(4096);
        }
        message.clear();
        boolean started = false;
        while (true) {
            ensure(2, deadline);
            int b0 = in.get() & 0xFF;
            int b1 = in.get() & 0xFF;
            boolean fin = (b0 & 0x80) != 0;
            int op = b0 & 0x0F;
            if ((b0 & 0x70) != 0) {
                throw new IOException("malformed WebSocket frame: reserved bits set");
            }
            if ((b1 & 0x80) != 0) {
                throw new IOException("malformed WebSocket frame: a masked frame from the node");
            }
            long len = b1 & 0x7F;
            if (len == 126) {
                ensure(2, deadline);
                len = in.getShort() & 0xFFFF;
            } else if (len == 127) {
                ensure(8, deadline);
                len = in.getLong();
                if (len < 0) {
                    throw new IOException("malformed WebSocket frame: a negative length");
                }
            }
            if (op >= OP_CLOSE) {
                if (!fin || len > 125) {
                    throw new IOException("malformed WebSocket frame: a fragmented or long control frame");
                }
                byte[] payload = new byte[(int) len];
                take(payload, deadline);
                if (op == OP_CLOSE) {
                    int status = len >= 2 ? ((payload[0] & 0xFF) << 8) | (payload[1] & 0xFF) : 1005;
                    String why = "the node closed the WebSocket (status " + status + ")";
                    throw dataSinceWrite ? new IOException(why) : new ClosedBeforeAnswer(why);
                } else if (op == OP_PING) {
                    pong(payload, deadline);
                } else if (op != OP_PONG) {
                    throw new IOException("malformed WebSocket frame: unknown opcode " + op);
                }
                continue;
            }
            if (op == OP_CONTINUATION ? !started : op != OP_TEXT && op != OP_BINARY) {
                throw new IOException("malformed WebSocket frame: " + (op == OP_CONTINUATION
                        ? "a continuation with no message started"
                        : "unknown opcode " + op + " or a message inside a message"));
            }
            started = true;
            dataSinceWrite = true;
            long size = message.readableBytes() + len;
            if (size > maxMessageSize) {
                throw new TooLarge(size, fin && op != OP_CONTINUATION);
            }
            take(message, (int) len, deadline);
            if (fin) {
                return message;
            }
        }
    }

    void close() {
        try {
            selector.wakeup();
            channel.close();
            selector.close();
        } catch (IOException | RuntimeException e) {
            // closing: nothing left to do
        }
    }

    // ---------------------------------------------------------------- bytes

    private void pong(byte[] payload, long deadline) throws IOException, TimeoutException {
        int mask = ThreadLocalRandom.current().nextInt();
        ByteBuffer out = ByteBuffer.allocate(6 + payload.length);
        out.put((byte) (0x80 | OP_PONG)).put((byte) (0x80 | payload.length)).putInt(mask);
        for (int i = 0; i < payload.length; i++) {
            out.put((byte) (payload[i] ^ (mask >>> (24 - 8 * (i & 3)))));
        }
        writeFully(out.flip(), deadline);
    }

    private void writeFully(ByteBuffer out, long deadline) throws IOException, TimeoutException {
        while (out.hasRemaining()) {
            // (blocking after the handshake: a write returns once all of it is written)
            if (channel.write(out) == 0 && !io.await(SelectionKey.OP_WRITE, deadline)) {
                throw new TimeoutException("could not write within the timeout");
            }
        }
    }

    /** The handshake's answer head, without its blank line; what follows it stays in {@link #in}. */
    private String readHead(long deadline) throws IOException, TimeoutException {
        while (true) {
            for (int i = in.position() + 3; i < in.limit(); i++) {
                if (in.get(i) == '\n' && in.get(i - 1) == '\r' && in.get(i - 2) == '\n' && in.get(i - 3) == '\r') {
                    String head = new String(in.array(), in.arrayOffset() + in.position(), i - 3 - in.position(),
                            StandardCharsets.ISO_8859_1);
                    in.position(i + 1);
                    return head;
                }
            }
            if (in.position() == 0 && in.limit() == in.capacity()) {
                throw new IOException("WebSocket handshake failed: an answer head larger than " + MAX_HEAD + " bytes");
            }
            if (!io.fill(in, deadline)) {
                throw new IOException("WebSocket handshake failed: the node closed the connection");
            }
        }
    }

    /** Makes {@link #in} hold at least {@code n} (at most 14) unread bytes; a blocking read. */
    private void ensure(int n, long deadline) throws IOException, TimeoutException {
        while (in.remaining() < n) {
            int read;
            in.compact();
            try {
                read = channel.read(in);
            } finally {
                in.flip();
            }
            if (read < 0) {
                if (in.hasRemaining() || message.isReadable()) {
                    throw new IOException("the node closed the connection in the middle of its answer");
                }
                String why = "the node closed the connection before answering";
                throw dataSinceWrite ? new IOException(why) : new ClosedBeforeAnswer(why);
            }
        }
    }

    /** Whether a data frame of the node's has been read since the last request was written. */
    private boolean dataSinceWrite;

    /**
     * The node closed the connection (the end of the stream, or a close frame) before any answer to the last request
     * written on it: a connection it closed while idle (which the write does not notice), or one it closed on reading
     * the request.
     */
    static final class ClosedBeforeAnswer extends IOException {
        ClosedBeforeAnswer(String why) {
            super(why);
        }
    }

    private void take(byte[] into, long deadline) throws IOException, TimeoutException {
        ensure(into.length, deadline);
        in.get(into);
    }

    /**
     * Moves {@code n} payload bytes into {@code out}: what {@link #in} holds, then the rest read from the socket
     * straight into {@code out} (a large answer would otherwise take one read and one more copy per buffer of
     * {@link #in}).
     */
    private void take(ByteBuf out, int n, long deadline) throws IOException, TimeoutException {
        int k = Math.min(n, in.remaining());
        out.writeBytes(in.array(), in.arrayOffset() + in.position(), k);
        in.position(in.position() + k);
        n -= k;
        if (n == 0) {
            return;
        }
        out.ensureWritable(n);
        ByteBuffer rest = out.nioBuffer(out.writerIndex(), n);
        while (rest.hasRemaining()) {
            int r = channel.read(rest);
            if (r < 0) {
                throw new IOException("the node closed the connection in the middle of its answer");
            }
            if (r == 0 && !channel.isBlocking() && !io.await(SelectionKey.OP_READ, deadline)) {
                throw io.timeout();
            }
        }
        out.writerIndex(out.writerIndex() + n);
    }
}
