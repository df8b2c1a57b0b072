package sh.brane.rpc;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.NetworkChannel;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;

/**
 * The HTTP/1.1 exchanges of blocking calls made on platform threads to a plain {@code http://} endpoint, done on
 * the calling thread itself: it writes the request and reads the answer on a keep-alive connection of its own,
 * as OkHttp (web3j's client) and the raw-socket floor do.
 *
 * <p>Why: through {@link NettyHttpTransport} a blocking call hands its request to an event loop and is woken by it
 * when the answer is parsed: two more threads woken per call, and the event loop's own work (its wake-up, the
 * write task, the decoder, the future) on top of the caller's. Measured with {@code ThreadHops} against the stub
 * (24 Nov 2026, load 9): 33.7 us of event-loop CPU per call on top of 41.8 us on the caller, 148 us per call
 * against web3j's 120 us. On a busy machine every wake-up is a wait for a core. Here the call costs the caller's
 * thread only, and the one wake-up a blocking read needs.
 *
 * <p>Not for virtual threads (a blocking read would park them through the JDK's poller: a hop again), nor
 * asynchronous calls (they must not block their caller), nor TLS (the hand-off is small beside a TLS round trip
 * over a network): those stay on {@link NettyHttpTransport}. At most {@link #MAX_CONNECTIONS} connections; a
 * blocking call that finds them all busy goes through the event loop instead ({@link #post} returns null).
 *
 * <p>A caller that is the only one on these connections first polls its socket for the answer, for as long as the
 * provider's {@link AnswerSpin} says (at most {@link HttpConfig#answerSpin}), and only then sleeps in the selector: on a
 * small or virtual machine the sleeping thread's wake-up is most of a local node's round trip ({@link Conn#pollForAnswer}).
 *
 * <p>Its connections are non-blocking channels, each with a selector of its own to wait on with a deadline. A
 * connection is checked before reuse (a node that closed it while idle is noticed then, as the event loop would
 * have noticed it), and dropped after a timeout, a malformed or too large answer, or {@code Connection: close}.
 * Errors tell how far the request got, as {@link HttpTransport} says.
 *
 * <p>Longer than this project's usual class (about 700 lines) on purpose: the connection pool, the request writer and
 * a bounded HTTP/1.1 response reader (head, Content-Length, chunked, close-delimited, 1xx) share each connection's
 * read-ahead buffer and its keep-alive rule.
 */
final class CallerThreadHttp implements AutoCloseable {

    /** Most connections at once; blocking callers beyond that many use the event loop. */
    static final int MAX_CONNECTIONS = 16;
    /** The largest response head read (status line and headers), as the event loop's decoder allows about. */
    static final int MAX_HEAD = 16 * 1024;

    private final InetSocketAddress address;
    private final byte[] requestHead;
    private final int maxResponseSize;
    private final long connectTimeoutNanos;
    /** Arms {@code TCP_QUICKACK} on a connection, false when it cannot be; {@link SocketQuickAck#arm}, or a test's. */
    private final Predicate<NetworkChannel> armQuickAck;

    // guarded by this
    private final ArrayDeque<Conn> idle = new ArrayDeque<>();
    private final Set<Conn> all = new HashSet<>();
    private boolean closed;
    /** Connections handed out and not yet back (written under this, read without it by {@link Conn#read}). */
    private volatile int inUse;

    CallerThreadHttp(HttpConfig config) {
        this(config, SocketQuickAck::arm);
    }

    /** With {@code armQuickAck} in place of {@link SocketQuickAck#arm}: for tests that watch where it is armed. */
    CallerThreadHttp(HttpConfig config, Predicate<NetworkChannel> armQuickAck) {
        this.armQuickAck = armQuickAck;
        URI uri = URI.create(config.uri().toASCIIString());
        String rawHost = uri.getHost();
        String host = rawHost.startsWith("[") ? rawHost.substring(1, rawHost.length() - 1) : rawHost;
        this.address = InetSocketAddress.createUnresolved(host, uri.getPort() > 0 ? uri.getPort() : 80);
        this.requestHead = NettyHttpTransport.requestHead(uri, rawHost, config.headers());
        this.maxResponseSize = config.maxResponseSize();
        this.connectTimeoutNanos = config.connectTimeout().toNanos();
    }

    /** Whether {@code config}'s endpoint is one this class serves: plain HTTP/1.1. */
    static boolean serves(HttpConfig config) {
        return "http".equalsIgnoreCase(config.uri().getScheme())
                && config.version() != java.net.http.HttpClient.Version.HTTP_2;
    }

    /**
     * Sends {@code body} and reads its answer on this thread; returns a completed future, or null if every
     * connection is busy or this is closed (the caller then uses the event loop).
     */
    CompletableFuture<HttpTransport.HttpReply> post(byte[] body, Map<String, String> headers, long timeoutNanos) {
        return post(body, headers, timeoutNanos, null, null);
    }

    /**
     * The same, for a request another path may send too: sent here only if {@code mayWrite} (asked once a connection
     * is at hand) says so; null, and nothing sent, if it does not ({@link AnswerFuture#offerDeparture}). With a
     * {@code spin}, a caller that is the only one on these connections polls for its answer before it sleeps, for as
     * long as {@code spin} says ({@link AnswerSpin}; why in {@link Conn#pollForAnswer}).
     */
    CompletableFuture<HttpTransport.HttpReply> post(byte[] body, Map<String, String> headers, long timeoutNanos,
                                                     BooleanSupplier mayWrite, AnswerSpin spin) {
        return post(body, headers, timeoutNanos, mayWrite, spin, null);
    }

    /**
     * The same, running {@code whileAnswering} (may be null) on this thread once the request is written, or has
     * failed to be, and before the answer is read: work that may overlap the node's. It runs exactly once when this
     * returns a future (and never when this returns null); a connection that could not be opened also runs it
     * before the failed future returns.
     */
    CompletableFuture<HttpTransport.HttpReply> post(byte[] body, Map<String, String> headers, long timeoutNanos,
                                                     BooleanSupplier mayWrite, AnswerSpin spin,
                                                     Runnable whileAnswering) {
        long deadline = System.nanoTime() + timeoutNanos;
        Conn conn = acquire();
        if (conn == null) {
            return null;
        }
        if (mayWrite != null && !mayWrite.getAsBoolean()) {
            giveBack(conn);
            return null;
        }
        try {
            try {
                byte[] head = request(body, headers);
                if (conn.channel == null || !conn.stillOpen()) {
                    // new, or closed by the node while idle: nothing was sent on it, so a new one may carry this call
                    conn.closeQuietly();
                    conn.open(deadline);
                }
                conn.write(head, body, deadline);
            } finally {
                if (whileAnswering != null) {
                    whileAnswering.run();
                }
            }
            HttpTransport.HttpReply reply = conn.read(deadline, spin);
            release(conn);
            return CompletableFuture.completedFuture(reply);
        } catch (IOException | TimeoutException | RuntimeException e) {
            drop(conn);
            return CompletableFuture.failedFuture(e instanceof ClosedSelectorException ? closedError() : e);
        }
    }

    @Override
    public void close() {
        List<Conn> conns;
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            conns = new ArrayList<>(all);
            idle.clear();
        }
        // a caller blocked in a read wakes up to a closed channel and fails its call
        conns.forEach(Conn::closeQuietly);
    }

    /** Connections open, being opened, or in use; for tests. */
    synchronized int connections() {
        return all.size();
    }

    private synchronized Conn acquire() {
        if (closed) {
            return null;
        }
        Conn c = idle.pollFirst();
        if (c == null && all.size() < MAX_CONNECTIONS) {
            c = new Conn();
            all.add(c);
        }
        if (c != null) {
            inUse++;
        }
        return c;
    }

    private void release(Conn c) {
        synchronized (this) {
            inUse--;
            if (!closed && c.keepAlive) {
                idle.addFirst(c); // newest first: a sequential caller keeps one warm connection
                return;
            }
            all.remove(c);
        }
        c.closeQuietly();
    }

    /** A connection taken but not used: idle again as it was (a new one unopened, which the next call opens). */
    private void giveBack(Conn c) {
        synchronized (this) {
            inUse--;
            if (!closed) {
                idle.addFirst(c);
                return;
            }
            all.remove(c);
        }
        c.closeQuietly();
    }

    private void drop(Conn c) {
        synchronized (this) {
            inUse--;
            all.remove(c);
        }
        c.closeQuietly();
    }

    private byte[] request(byte[] body, Map<String, String> headers) {
        byte[] own = NettyHttpTransport.headerLines(headers);
        byte[] length = Integer.toString(body.length).getBytes(StandardCharsets.US_ASCII);
        int n = requestHead.length + length.length + 4 + (own == null ? 0 : own.length);
        byte[] head = new byte[n];
        int at = 0;
        System.arraycopy(requestHead, 0, head, at, requestHead.length);
        at += requestHead.length;
        System.arraycopy(length, 0, head, at, length.length);
        at += length.length;
        head[at++] = '\r';
        head[at++] = '\n';
        if (own != null) {
            System.arraycopy(own, 0, head, at, own.length);
            at += own.length;
        }
        head[at++] = '\r';
        head[at] = '\n';
        return head;
    }

    private static IOException closedError() {
        return new IOException("the HTTP transport was closed");
    }

    /** One connection; used by one thread at a time (the pool hands it out to one caller). */
    private final class Conn {
        SocketChannel channel;
        Selector selector;
        /** The channel's deadline waits; set by {@link #open}. */
        DeadlineChannel io;
        /** Bytes read and not yet used, between position and limit. */
        /** On the heap: connections come and go (a node may close each after one answer), direct memory would churn. */
        final ByteBuffer in = ByteBuffer.allocate(MAX_HEAD).flip();
        boolean keepAlive;
        /** Whether this connection takes {@code TCP_QUICKACK} (Linux) and arming it has not failed. */
        boolean quickAck;

        void open(long deadline) throws IOException {
            try {
                InetSocketAddress resolved = new InetSocketAddress(address.getHostString(), address.getPort());
                if (resolved.isUnresolved()) {
                    throw new ConnectException("cannot resolve " + address.getHostString());
                }
                channel = SocketChannel.open();
                channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
                channel.setOption(StandardSocketOptions.SO_KEEPALIVE, true);
                channel.configureBlocking(false);
                selector = Selector.open();
                io = new DeadlineChannel(channel, selector, channel.register(selector, SelectionKey.OP_CONNECT),
                        CallerThreadHttp::closedError, "HTTP answer");
                long connectBy = Math.min(deadline, System.nanoTime() + connectTimeoutNanos);
                if (!channel.connect(resolved)) {
                    while (!channel.finishConnect()) {
                        if (!io.await(SelectionKey.OP_CONNECT, connectBy)) {
                            throw new ConnectException("cannot connect: no connection within the connect timeout");
                        }
                    }
                }
            } catch (ConnectException e) {
                throw e;
            } catch (IOException | RuntimeException e) {
                ConnectException ce = new ConnectException("cannot connect: " + e);
                ce.initCause(e);
                throw ce;
            }
            in.clear().flip();
            quickAck = SocketQuickAck.supported(channel);
        }

        /**
         * Acknowledges at once, from now on, what arrives while an answer is still coming (after each read that left
         * it incomplete), as {@link QuickAckHandler} does on the event loop: a node that leaves Nagle on (Anvil) holds
         * an answer's second piece until its first is acknowledged, and arming the option sends the ACK the kernel
         * was holding back. The kernel drops the option by itself, hence re-armed. Not after writing the request: an
         * answer that comes whole (Anvil's to {@code eth_chainId}, single or a batch of 100, came in one read) needs
         * no early ACK (ours rides on the next request), so the common call costs no system call and no extra packet.
         */
        void armQuickAck() {
            if (quickAck) {
                quickAck = CallerThreadHttp.this.armQuickAck.test(channel);
            }
        }

        /** Whether the node has not closed this idle connection (nor sent anything unasked on it). */
        boolean stillOpen() {
            try {
                in.clear();
                int n = channel.read(in);
                in.flip();
                return n == 0;
            } catch (IOException e) {
                return false;
            }
        }

        void write(byte[] head, byte[] body, long deadline) throws IOException, TimeoutException {
            ByteBuffer[] out = {ByteBuffer.wrap(head), ByteBuffer.wrap(body)};
            while (out[0].hasRemaining() || out[1].hasRemaining()) {
                if (channel.write(out) == 0 && !io.await(SelectionKey.OP_WRITE, deadline)) {
                    throw io.timeout();
                }
            }
        }

        /**
         * Reads one whole answer, skipping informational ones; first polls for it if {@code spin} (may be null) says
         * a lone caller should.
         */
        HttpTransport.HttpReply read(long deadline, AnswerSpin spin) throws IOException, TimeoutException {
            in.clear().flip();
            long sentAt = spin != null ? System.nanoTime() : 0;
            boolean spun = spin != null && spin.worthSpinning(inUse);
            boolean caught = spun && pollForAnswer(sentAt + spin.spinLimit(), deadline);
            while (true) {
                int headEnd = fillUntilHeadEnd(deadline);
                if (spin != null) {
                    spin.answered(sentAt, spun, caught); // the wait until the head came: the slow-node rule's
                    spin = null;
                }
                Head h = Head.parse(in, headEnd);
                in.position(headEnd);
                if (h.status >= 100 && h.status < 200) {
                    if (h.status == 101) {
                        throw new IOException("malformed HTTP response: unexpected 101 Switching Protocols");
                    }
                    continue; // e.g. 100 Continue: the real answer follows
                }
                keepAlive = h.keepAlive;
                ByteBuf body = h.status == 204 || h.status == 304 ? ByteBufAllocator.DEFAULT.heapBuffer(0)
                        : h.chunked ? readChunked(deadline)
                        : h.contentLength >= 0 ? readLength(h.contentLength, deadline)
                        : readToEnd(deadline);
                if (in.hasRemaining()) {
                    keepAlive = false; // more than was asked for: this connection cannot be trusted
                }
                return new HttpTransport.HttpReply(h.status, h.retryAfter, body);
            }
        }

        /**
         * Polls the socket for the first bytes of the answer until {@code until}; true if some came. Why: a thread that
         * sleeps in the selector is woken by the answer's arrival, and on this project's 2-core virtual machine that
         * wake-up is most of a fast node's round trip (a batch of 100 against the stub: 114 us per batch with the
         * caller asleep, 47 us with the caller and the stub pinned to one core, 76 us with this poll; session 24). Only a lone caller polls ({@link AnswerSpin}): concurrent callers would take the cores the answers
         * need, and a node whose answers take longer than the poll stops it after a few misses.
         */
        private boolean pollForAnswer(long until, long deadline) throws IOException {
            in.compact();
            try {
                long end = Math.min(until - deadline, 0) + deadline; // the earlier of the two, overflow-safe
                do {
                    int n = channel.read(in);
                    if (n > 0) {
                        return true;
                    }
                    if (n < 0) {
                        throw new IOException("the node closed the connection before answering");
                    }
                    Thread.onSpinWait();
                } while (System.nanoTime() - end < 0);
                return false;
            } finally {
                in.flip();
            }
        }

        /** Reads until {@link #in} holds a whole head; returns the index just past its blank line. */
        private int fillUntilHeadEnd(long deadline) throws IOException, TimeoutException {
            while (true) {
                for (int i = in.position() + 3; i < in.limit(); i++) {
                    if (in.get(i) == '\n' && in.get(i - 1) == '\r' && in.get(i - 2) == '\n' && in.get(i - 3) == '\r') {
                        return i + 1;
                    }
                }
                if (in.position() == 0 && in.limit() == in.capacity()) {
                    throw new IOException("malformed HTTP response: a head larger than " + MAX_HEAD + " bytes");
                }
                if (in.hasRemaining()) {
                    armQuickAck(); // part of a head: the rest is coming
                } else if (!io.await(SelectionKey.OP_READ, deadline)) {
                    // nothing yet: the answer is a round trip away, so wait before reading (saves a read that finds nothing)
                    throw io.timeout();
                }
                if (!io.fill(in, deadline)) {
                    throw new IOException(in.position() == 0 && in.limit() == 0
                            ? "the node closed the connection before answering"
                            : "the node closed the connection in the middle of its answer");
                }
            }
        }

        private ByteBuf readLength(long length, long deadline) throws IOException, TimeoutException {
            if (length > maxResponseSize) {
                throw BoundedBodySubscriber.tooLarge("declares Content-Length " + length + ", more", maxResponseSize);
            }
            ByteBuf body = ByteBufAllocator.DEFAULT.heapBuffer((int) length);
            try {
                take(body, (int) length, deadline);
                return body;
            } catch (IOException | TimeoutException | RuntimeException e) {
                body.release();
                throw e;
            }
        }

        private ByteBuf readChunked(long deadline) throws IOException, TimeoutException {
            ByteBuf body = ByteBufAllocator.DEFAULT.heapBuffer(1024);
            try {
                while (true) {
                    String line = line(deadline);
                    int semi = line.indexOf(';');
                    long size;
                    try {
                        size = Long.parseLong((semi < 0 ? line : line.substring(0, semi)).trim(), 16);
                    } catch (NumberFormatException e) {
                        throw new IOException("malformed HTTP response: a chunk size that is not a number");
                    }
                    if (size < 0 || size > maxResponseSize - body.readableBytes()) {
                        throw BoundedBodySubscriber.tooLarge("is at least " + (body.readableBytes() + size)
                                + " bytes, more", maxResponseSize);
                    }
                    if (size == 0) {
                        while (!line(deadline).isEmpty()) {
                            // trailers, not used
                        }
                        return body;
                    }
                    take(body, (int) size, deadline);
                    if (!line(deadline).isEmpty()) {
                        throw new IOException("malformed HTTP response: a chunk longer than its size");
                    }
                }
            } catch (IOException | TimeoutException | RuntimeException e) {
                body.release();
                throw e;
            }
        }

        private ByteBuf readToEnd(long deadline) throws IOException, TimeoutException {
            keepAlive = false; // the end of the body is the end of the connection
            ByteBuf body = ByteBufAllocator.DEFAULT.heapBuffer(1024);
            try {
                do {
                    if (in.remaining() > maxResponseSize - body.readableBytes()) {
                        throw BoundedBodySubscriber.tooLarge("is at least " + (body.readableBytes() + in.remaining())
                                + " bytes, more", maxResponseSize);
                    }
                    body.writeBytes(in);
                    armQuickAck(); // the body ends with the connection: until then more is coming
                } while (io.fill(in, deadline));
                return body;
            } catch (IOException | TimeoutException | RuntimeException e) {
                body.release();
                throw e;
            }
        }

        /**
         * Moves {@code n} bytes of the body into {@code body}: first what {@link #in} already holds, then the rest
         * read from the socket straight into {@code body}, in reads as large as the socket gives (a large answer,
         * e.g. a full block, would otherwise take one read, and one more copy, per {@link #MAX_HEAD} bytes).
         */
        private void take(ByteBuf body, int n, long deadline) throws IOException, TimeoutException {
            int k = Math.min(n, in.remaining());
            if (k > 0) {
                body.writeBytes(in.slice(in.position(), k));
                in.position(in.position() + k);
                n -= k;
            }
            if (n == 0) {
                return;
            }
            body.ensureWritable(n);
            ByteBuffer rest = body.nioBuffer(body.writerIndex(), n); // shares body's memory
            armQuickAck(); // more of the body is coming
            while (rest.hasRemaining()) {
                int r = channel.read(rest);
                if (r < 0) {
                    throw new IOException("the node closed the connection in the middle of its answer");
                }
                if (r > 0 && rest.hasRemaining()) {
                    armQuickAck();
                }
                if (r == 0 && !io.await(SelectionKey.OP_READ, deadline)) {
                    throw io.timeout();
                }
            }
            body.writerIndex(body.writerIndex() + n);
        }

        /** One CRLF-ended line (without the CRLF), at most {@link #MAX_HEAD} bytes. */
        private String line(long deadline) throws IOException, TimeoutException {
            while (true) {
                for (int i = in.position() + 1; i < in.limit(); i++) {
                    if (in.get(i) == '\n' && in.get(i - 1) == '\r') {
                        byte[] b = new byte[i - 1 - in.position()];
                        in.get(b);
                        in.position(i + 1);
                        return new String(b, StandardCharsets.ISO_8859_1);
                    }
                }
                if (in.position() == 0 && in.limit() == in.capacity()) {
                    throw new IOException("malformed HTTP response: a chunk line longer than " + MAX_HEAD + " bytes");
                }
                armQuickAck(); // the rest of the chunked body is coming
                if (!io.fill(in, deadline)) {
                    throw new IOException("the node closed the connection in the middle of its answer");
                }
            }
        }

        void closeQuietly() {
            try {
                if (selector != null) {
                    selector.wakeup();
                }
                if (channel != null) {
                    channel.close();
                }
                if (selector != null) {
                    selector.close();
                }
            } catch (IOException | RuntimeException e) {
                // closing: nothing left to do
            }
        }
    }

    /** The parts of a response head this class uses. */
    private record Head(int status, String retryAfter, long contentLength, boolean chunked, boolean keepAlive) {

        /**
         * Parses the head between {@code in}'s position and {@code end} (just past its blank line), on its bytes:
         * no String per line or per header (a String only for the value kept: Retry-After), since a head is read on
         * every call.
         */
        static Head parse(ByteBuffer in, int end) throws IOException {
            byte[] b = in.array();
            int base = in.arrayOffset();
            int at = base + in.position();
            int stop = base + end;
            int lineEnd = lineEnd(b, at, stop);
            if (lineEnd - at < 12 || !startsWith(b, at, HTTP1) || b[at + 8] != ' ') {
                throw new IOException("malformed HTTP response: a status line that is not HTTP/1.x");
            }
            int status = 0;
            for (int i = at + 9; i < at + 12; i++) {
                if (b[i] < '0' || b[i] > '9') {
                    throw new IOException("malformed HTTP response: a status code that is not a number");
                }
                status = status * 10 + (b[i] - '0');
            }
            boolean http10 = b[at + 7] == '0';
            String retryAfter = null;
            long length = -1;
            boolean chunked = false;
            Boolean connection = null;
            for (int line = lineEnd + 2; line < stop; line = lineEnd + 2) {
                lineEnd = lineEnd(b, line, stop);
                if (lineEnd == line) {
                    continue;
                }
                int colon = -1;
                for (int i = line; i < lineEnd; i++) {
                    if (b[i] == ':') {
                        colon = i;
                        break;
                    }
                }
                if (colon <= line) {
                    throw new IOException("malformed HTTP response: a header line without a name");
                }
                int nameFrom = skipSpace(b, line, colon);
                int nameTo = trimEnd(b, nameFrom, colon);
                int valueFrom = skipSpace(b, colon + 1, lineEnd);
                int valueTo = trimEnd(b, valueFrom, lineEnd);
                if (named(b, nameFrom, nameTo, CONTENT_LENGTH)) {
                    long n = 0;
                    if (valueTo == valueFrom || valueTo - valueFrom > 18) {
                        throw new IOException("malformed HTTP response: a Content-Length that is not a number");
                    }
                    for (int i = valueFrom; i < valueTo; i++) {
                        if (b[i] < '0' || b[i] > '9') {
                            throw new IOException("malformed HTTP response: a Content-Length that is not a number");
                        }
                        n = n * 10 + (b[i] - '0');
                    }
                    if (length >= 0 && length != n) {
                        throw new IOException("malformed HTTP response: a bad or repeated Content-Length");
                    }
                    length = n;
                } else if (named(b, nameFrom, nameTo, TRANSFER_ENCODING)) {
                    chunked = valueTo - valueFrom >= CHUNKED.length
                            && named(b, valueTo - CHUNKED.length, valueTo, CHUNKED);
                    if (!chunked) {
                        throw new IOException("malformed HTTP response: Transfer-Encoding "
                                + NodeText.of(new String(b, valueFrom, valueTo - valueFrom, StandardCharsets.ISO_8859_1))
                                + " is not supported");
                    }
                } else if (named(b, nameFrom, nameTo, CONNECTION)) {
                    connection = mentions(b, valueFrom, valueTo, CLOSE) ? Boolean.FALSE
                            : mentions(b, valueFrom, valueTo, KEEP_ALIVE) ? Boolean.TRUE : connection;
                } else if (named(b, nameFrom, nameTo, RETRY_AFTER)) {
                    retryAfter = new String(b, valueFrom, valueTo - valueFrom, StandardCharsets.ISO_8859_1);
                }
            }
            if (chunked) {
                length = -1; // chunking wins over a length (RFC 9112, 6.3)
            }
            boolean framed = chunked || length >= 0 || status == 204 || status == 304;
            boolean keepAlive = framed && (connection != null ? connection : !http10);
            return new Head(status, retryAfter, length, chunked, keepAlive);
        }

        private static final byte[] HTTP1 = "HTTP/1.".getBytes(StandardCharsets.US_ASCII);
        private static final byte[] CONTENT_LENGTH = "content-length".getBytes(StandardCharsets.US_ASCII);
        private static final byte[] TRANSFER_ENCODING = "transfer-encoding".getBytes(StandardCharsets.US_ASCII);
        private static final byte[] CONNECTION = "connection".getBytes(StandardCharsets.US_ASCII);
        private static final byte[] RETRY_AFTER = "retry-after".getBytes(StandardCharsets.US_ASCII);
        private static final byte[] CHUNKED = "chunked".getBytes(StandardCharsets.US_ASCII);
        private static final byte[] CLOSE = "close".getBytes(StandardCharsets.US_ASCII);
        private static final byte[] KEEP_ALIVE = "keep-alive".getBytes(StandardCharsets.US_ASCII);

        /** The index of the CR of the CRLF ending the line at {@code from}, or {@code stop}. */
        private static int lineEnd(byte[] b, int from, int stop) {
            for (int i = from; i + 1 < stop; i++) {
                if (b[i] == '\r' && b[i + 1] == '\n') {
                    return i;
                }
            }
            return stop;
        }

        private static boolean startsWith(byte[] b, int at, byte[] prefix) {
            for (int k = 0; k < prefix.length; k++) {
                if (b[at + k] != prefix[k]) {
                    return false;
                }
            }
            return true;
        }

        /** Whether {@code b[from, to)} is {@code lower} (ASCII lower case), ignoring case. */
        private static boolean named(byte[] b, int from, int to, byte[] lower) {
            if (to - from != lower.length) {
                return false;
            }
            for (int k = 0; k < lower.length; k++) {
                int c = b[from + k];
                if ((c >= 'A' && c <= 'Z' ? c + 32 : c) != lower[k]) {
                    return false;
                }
            }
            return true;
        }

        /** Whether {@code b[from, to)} contains {@code lower} (ASCII lower case), ignoring case. */
        private static boolean mentions(byte[] b, int from, int to, byte[] lower) {
            for (int at = from; at + lower.length <= to; at++) {
                if (named(b, at, at + lower.length, lower)) {
                    return true;
                }
            }
            return false;
        }

        private static int skipSpace(byte[] b, int from, int to) {
            while (from < to && (b[from] == ' ' || b[from] == '\t')) {
                from++;
            }
            return from;
        }

        private static int trimEnd(byte[] b, int from, int to) {
            while (to > from && (b[to - 1] == ' ' || b[to - 1] == '\t')) {
                to--;
            }
            return to;
        }
    }
}
