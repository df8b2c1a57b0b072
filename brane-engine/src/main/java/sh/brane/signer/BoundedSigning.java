package sh.brane.signer;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import java.util.function.Supplier;

import sh.brane.core.crypto.Signature;
import sh.brane.core.types.Hash;

/**
 * The end of a signature made by a device or service outside this JVM: within the signer's timeout, with the
 * signature or a {@link SignerException} naming the signer (the PKCS#11 and KMS signers).
 */
final class BoundedSigning {

    private BoundedSigning() {
    }

    /**
     * Runs {@code sign} on {@code executor} for {@code digest}'s bytes, ended as {@link #within} says; a refused
     * submission (a closed signer, a full queue) fails with {@code whyRefused}'s reason. Never throws.
     */
    static CompletableFuture<Signature> submit(String signerName, String device, Duration timeout, Executor executor,
            Hash digest, Function<byte[], Signature> sign, Supplier<String> whyRefused) {
        if (digest == null) {
            return CompletableFuture.failedFuture(new IllegalArgumentException("digest must not be null"));
        }
        byte[] bytes = digest.toBytes();
        CompletableFuture<Signature> call;
        try {
            call = CompletableFuture.supplyAsync(() -> sign.apply(bytes), executor);
        } catch (RejectedExecutionException e) {
            return CompletableFuture.failedFuture(new SignerException(signerName, whyRefused.get()));
        }
        return within(signerName, device, timeout, call);
    }

    /**
     * @param device what signs, for the timeout's message: "the PKCS#11 token", "KMS"
     */
    private static CompletableFuture<Signature> within(String signerName, String device, Duration timeout,
            CompletableFuture<Signature> call) {
        return call.orTimeout(timeout.toMillis(), TimeUnit.MILLISECONDS).handle((signature, failure) -> {
            if (failure == null) {
                return signature;
            }
            Throwable cause = failure instanceof CompletionException && failure.getCause() != null
                    ? failure.getCause() : failure;
            if (cause instanceof TimeoutException) {
                throw new SignerException(signerName, device + " did not sign within " + timeout);
            }
            throw SignerException.unwrap(signerName, cause);
        });
    }
}
