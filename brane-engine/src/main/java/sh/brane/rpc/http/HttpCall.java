package sh.brane.rpc.http;

import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledFuture;
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
    /** Its end at its deadline, cancelled when it ends first. */
    volatile ScheduledFuture<?> deadline;
    /** The connection it was last handed to. */
    volatile HttpConnection on;
    private volatile int ended;

    public HttpCall(byte[] body, byte[] headerLines) {
        this.body = body;
        this.headerLines = headerLines;
    }

    public boolean end() {
        if (!ENDED.compareAndSet(this, 0, 1)) {
            return false;
        }
        ScheduledFuture<?> d = deadline;
        if (d != null) {
            d.cancel(false);
        }
        return true;
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
