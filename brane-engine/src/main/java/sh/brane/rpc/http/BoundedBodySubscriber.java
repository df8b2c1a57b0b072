package sh.brane.rpc.http;

import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;

import sh.brane.rpc.FrameTooLargeException;
import sh.brane.rpc.HttpConfig;
import sh.brane.rpc.Subscription;

/**
 * Collects an HTTP response body into one array, but fails with {@link FrameTooLargeException} and
 * cancels the transfer (closing the connection) as soon as the body, or its declared Content-Length,
 * exceeds the limit: a hostile or broken node cannot make the client buffer gigabytes.
 */
public final class BoundedBodySubscriber implements HttpResponse.BodySubscriber<byte[]> {

    private final int limit;
    private final CompletableFuture<byte[]> result = new CompletableFuture<>();
    private Flow.Subscription subscription;
    private long declaredLength = -1;
    private byte[] buffer = new byte[8192];
    private int size;

    private BoundedBodySubscriber(int limit) {
        this.limit = limit;
    }

    /** A handler whose bodies are at most {@code limit} bytes. */
    public static HttpResponse.BodyHandler<byte[]> handler(int limit) {
        return info -> {
            BoundedBodySubscriber s = new BoundedBodySubscriber(limit);
            s.declaredLength = info.headers().firstValueAsLong("Content-Length").orElse(-1);
            return s;
        };
    }

    @Override
    public CompletionStage<byte[]> getBody() {
        return result;
    }

    @Override
    public void onSubscribe(Flow.Subscription s) {
        subscription = s;
        if (declaredLength > limit) {
            s.cancel();
            tooLarge("declares Content-Length " + declaredLength + ", more");
        } else {
            s.request(Long.MAX_VALUE);
        }
    }

    @Override
    public void onNext(List<ByteBuffer> items) {
        if (result.isDone()) {
            return;
        }
        for (ByteBuffer b : items) {
            int n = b.remaining();
            if (n > limit - size) {
                tooLarge("is larger");
                subscription.cancel();
                return;
            }
            if (size + n > buffer.length) {
                buffer = Arrays.copyOf(buffer, (int) Math.min(limit, Math.max((long) buffer.length * 2, (long) size + n)));
            }
            b.get(buffer, size, n);
            size += n;
        }
    }

    @Override
    public void onError(Throwable t) {
        result.completeExceptionally(t);
    }

    @Override
    public void onComplete() {
        result.complete(size == buffer.length ? buffer : Arrays.copyOf(buffer, size));
    }

    private void tooLarge(String what) {
        result.completeExceptionally(tooLarge(what, limit));
    }

    /** The error for a body over {@code limit}; {@code what} completes "the HTTP response ... than". */
    public static FrameTooLargeException tooLarge(String what, int limit) {
        return new FrameTooLargeException("the HTTP response " + what + " than maxResponseSize allows ("
                + limit + " bytes); raise HttpConfig maxResponseSize if the node's answers are really that large");
    }
}
