package sh.brane.rpc.http;

import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;

import sh.brane.rpc.HttpConfig;

/** One POST in flight on {@link NettyHttpTransport}. Whoever wins {@link #end()} completes it; everyone else leaves it alone. */
public final class HttpCall {
    private static final AtomicIntegerFieldUpdater<HttpCall> ENDED =
            AtomicIntegerFieldUpdater.newUpdater(HttpCall.class, "ended");

    public final byte[] body;
    /** This call's own header lines ({@link HttpConfig#requestHeaders}), or null. */
    public final byte[] headerLines;
    public final CompletableFuture<HttpTransport.HttpReply> future = new CompletableFuture<>();
    /** Its deadline is {@code startNanos + timeoutNanos}, swept by the transport's {@code DeadlineTimer}. */
    final long startNanos;
    final long timeoutNanos;
    /** The connection it was last handed to. */
    volatile HttpConnection on;
    private volatile int ended;

    public HttpCall(byte[] body, byte[] headerLines, long startNanos, long timeoutNanos) {
        this.body = body;
        this.headerLines = headerLines;
        this.startNanos = startNanos;
        this.timeoutNanos = timeoutNanos;
    }

    public boolean end() {
        return ENDED.compareAndSet(this, 0, 1);
    }

    public boolean isEnded() {
        return ended != 0;
    }

    /** Ends the call with {@code error}, unless it has ended already. */
    public void fail(Throwable error) {
        if (end()) {
            future.completeExceptionally(error);
        }
    }

    public static IOException closedError() {
        return new IOException("the HTTP transport was closed");
    }
}
