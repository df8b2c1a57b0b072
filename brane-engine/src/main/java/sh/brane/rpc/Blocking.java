package sh.brane.rpc;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/** Waits for a call's future the way {@link BraneProvider#send} promises: the result, or its typed error. */
final class Blocking {

    private Blocking() {
    }

    /** Waits until every future has ended, whichever way (their outcomes stay in them). */
    static void awaitAll(java.util.List<? extends CompletableFuture<?>> futures) {
        boolean interrupted = false;
        for (CompletableFuture<?> f : futures) {
            while (!f.isDone()) {
                try {
                    f.get();
                } catch (ExecutionException | java.util.concurrent.CancellationException e) {
                    break; // ended with an error: it stays in the future
                } catch (InterruptedException e) {
                    interrupted = true; // every future ends (each has a deadline): wait on, then restore the flag
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
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
