package sh.brane.spring.boot.autoconfigure.health;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import sh.brane.client.tx.ChainIdentity;
import sh.brane.client.tx.ChainIdentityException;
import sh.brane.client.tx.TransactionSender;
import sh.brane.rpc.BraneProvider;
import sh.brane.spring.boot.autoconfigure.tx.BraneTransactionSenders;

/**
 * Whether the senders over one provider find their node to be the chain their journal belongs to (chain id and
 * genesis block, {@link ChainIdentity}): asked as a signature would ask (again when the last answer is old, or the
 * endpoints changed state), within the health check's timeout; past it, the last verdict. A node or journal that
 * does not answer is not a verdict here: the rest of the health check reports the node.
 */
final class SenderChainIdentities {

    private SenderChainIdentities() {
    }

    /** The reason the first sender over {@code provider} refuses to sign, or empty. */
    static Optional<String> mismatch(BraneTransactionSenders senders, BraneProvider provider, Duration timeout) {
        if (senders == null) {
            return Optional.empty();
        }
        for (TransactionSender sender : senders.senders()) {
            if (sender.client().provider() != provider) {
                continue;
            }
            Optional<String> found = ask(sender.chainIdentity(), timeout);
            if (found.isPresent()) {
                return found;
            }
        }
        return Optional.empty();
    }

    private static Optional<String> ask(ChainIdentity identity, Duration timeout) {
        CompletableFuture<Void> asked = CompletableFuture.runAsync(identity::ensureVerified,
                (task) -> Thread.ofVirtual().name("brane-health-chain-identity").start(task));
        try {
            asked.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        }
        catch (ExecutionException ex) {
            if (ex.getCause() instanceof ChainIdentityException mismatch) {
                return Optional.of(mismatch.getMessage());
            }
        }
        catch (TimeoutException ex) {
            // the last verdict stands until the node answers
        }
        catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
        }
        return identity.mismatch().map(Throwable::getMessage);
    }
}
