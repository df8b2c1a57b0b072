package sh.brane.signer;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import sh.brane.core.crypto.Signature;

/**
 * The end of a signature made by a device or service outside this JVM: within the signer's timeout, with the
 * signature or a {@link SignerException} naming the signer (the PKCS#11 and KMS signers).
 */
final class BoundedSigning {

    private BoundedSigning() {
    }

    /**
     * @param device what signs, for the timeout's message: "the PKCS#11 token", "KMS"
     */
    static CompletableFuture<Signature> within(String signerName, String device, Duration timeout,
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
