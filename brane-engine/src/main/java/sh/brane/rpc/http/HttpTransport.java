package sh.brane.rpc.http;

import java.util.Map;
import java.util.concurrent.CompletableFuture;

import io.netty.buffer.ByteBuf;

import sh.brane.rpc.FrameTooLargeException;
import sh.brane.rpc.HttpProvider;

/**
 * Carries one JSON-RPC body in an HTTP POST and hands back the answer; {@link HttpProvider} keeps JSON-RPC and retries.
 * Every future completes, with an error telling how far the request got: {@link java.net.ConnectException} (or
 * {@code HttpConnectTimeoutException}) if it never reached the node, {@link java.util.concurrent.TimeoutException} (or
 * {@code HttpTimeoutException}) if no answer came in time, another {@link java.io.IOException} if it may have been
 * written, {@link FrameTooLargeException} if the answer was too large.
 */
public interface HttpTransport extends AutoCloseable {

    /** Sends {@code body} with {@code headers} added to the configured ones; the future ends within {@code timeoutNanos}. */
    CompletableFuture<HttpReply> post(byte[] body, Map<String, String> headers, long timeoutNanos);

    /** The transport's event loop the calling thread runs, or null: completions read there time their watchdog on
     *  it, a queue insert instead of waking a shared timer. */
    default java.util.concurrent.ScheduledExecutorService currentLoop() {
        return null;
    }

    /** Changes each time a connection to the node is opened ({@link sh.brane.rpc.EndpointStatus#connectionEpoch()}); 0: not counted. */
    default long connectionEpoch() {
        return 0;
    }

    /** Fails everything in flight and releases threads and connections. */
    @Override
    void close();

    /**
     * The part of an HTTP response the provider reads: the status, the {@code Retry-After} header (or null) and the
     * body, readable from its reader index. The body stays in the buffers it was read into; whoever receives a reply
     * must {@link #release()} it once, on every path.
     */
    record HttpReply(int status, String retryAfter, ByteBuf body) {

        /** Gives the body's buffers back; call once. */
        public void release() {
            body.release();
        }
    }
}
