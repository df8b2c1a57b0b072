package sh.brane.rpc;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/** Waits for a call's future the way {@link BraneProvider#send} promises: the result, or its typed error. */
final class Blocking {

    private Blocking() {
    }

    static <T> T await(CompletableFuture<T> future, String method) {
        try {
            return future.get();
        } catch (ExecutionException | CompletionException e) {
            if (e.getCause() instanceof BraneRpcException bre) {
                throw bre;
            }
            throw new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for " + method, e);
        }
    }
}
