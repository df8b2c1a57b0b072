package sh.brane.rpc.http;

import java.util.Map;
import java.util.concurrent.CompletableFuture;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;

import sh.brane.rpc.FrameTooLargeException;
import sh.brane.rpc.HttpProvider;
import sh.brane.rpc.core.AnswerGroup;

/**
 * Carries one JSON-RPC body to the node in an HTTP POST and hands back the answer; {@link HttpProvider}
 * keeps the JSON-RPC and retry logic. Every future completes, with a reply or with an error that tells
 * how far the request got: a {@link java.net.ConnectException} (or the JDK's
 * {@link java.net.http.HttpConnectTimeoutException}) if it never reached the node, a
 * {@link java.util.concurrent.TimeoutException} (or {@link java.net.http.HttpTimeoutException}) if no
 * answer came in time, any other {@link java.io.IOException} if the connection broke after the request may
 * have been written, and {@link FrameTooLargeException} if the answer was larger than allowed.
 */
public interface HttpTransport extends AutoCloseable {

    /** Sends {@code body}; the returned future ends within {@code timeoutNanos}. */
    default CompletableFuture<HttpReply> post(byte[] body, long timeoutNanos) {
        return post(body, Map.of(), timeoutNanos);
    }

    /**
     * Sends {@code body} with {@code headers} added to the configured ones (checked by the provider); the returned
     * future ends within {@code timeoutNanos}.
     */
    CompletableFuture<HttpReply> post(byte[] body, Map<String, String> headers, long timeoutNanos);

    /**
     * The event loop of this transport that the calling thread runs, or null (another thread, or no event loop):
     * completions read there time their watchdog on it ({@link AnswerGroup#deliver(java.util.concurrent.Executor,
     * java.util.concurrent.ScheduledExecutorService)}), a queue insert instead of a wake-up of a shared timer thread.
     */
    default java.util.concurrent.ScheduledExecutorService currentLoop() {
        return null;
    }

    /** Changes each time a connection to the node is opened ({@link EndpointStatus#connectionEpoch()}); 0: not counted. */
    default long connectionEpoch() {
        return 0;
    }

    /** Fails everything in flight and releases threads and connections. */
    @Override
    void close();

    /**
     * The part of an HTTP response the provider looks at. The body stays in the buffers it was read into (on Netty,
     * pooled buffers, several of them for a large answer) so that it is parsed where it lies, never gathered into
     * one array: whoever receives a reply must {@link #release()} it once, on every path.
     */
    final class HttpReply {
        private final int status;
        private final String retryAfter;
        private final ByteBuf body;

        public HttpReply(int status, String retryAfter, ByteBuf body) {
            this.status = status;
            this.retryAfter = retryAfter;
            this.body = body;
        }

        /** A reply over a body already in one array (the JDK client's), which it wraps without a copy. */
        public static HttpReply of(int status, String retryAfter, byte[] body) {
            return new HttpReply(status, retryAfter, body == null ? Unpooled.EMPTY_BUFFER : Unpooled.wrappedBuffer(body));
        }

        public int status() {
            return status;
        }

        public String retryAfter() {
            return retryAfter;
        }

        /** The body's bytes, readable from its reader index; valid until {@link #release()}. */
        public ByteBuf body() {
            return body;
        }

        /** Gives the body's buffers back; call once. */
        public void release() {
            body.release();
        }
    }
}
