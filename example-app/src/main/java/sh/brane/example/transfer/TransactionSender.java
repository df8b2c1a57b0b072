package sh.brane.example.transfer;

import java.math.BigInteger;
import java.util.Locale;

import org.springframework.stereotype.Component;
import sh.brane.client.BraneClient;
import sh.brane.client.Receipt;
import sh.brane.client.RevertException;
import sh.brane.client.SigningClient;
import sh.brane.client.TxRequest;
import sh.brane.client.tx.IdempotencyKey;
import sh.brane.client.tx.IdempotencyKeyConflictException;
import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;
import sh.brane.core.types.TokenAmount;
import sh.brane.example.token.TokenContract;
import sh.brane.rpc.RpcErrorException;

/**
 * Sends the service's transactions through the starter's {@link SigningClient} (nonces, fees, gas estimate,
 * signing). A transaction that would revert or that the signer cannot pay for is refused before anything is
 * signed, with the decoded reason.
 */
@Component
public class TransactionSender {

    private final SigningClient signer;
    private final BraneClient client;

    public TransactionSender(SigningClient signer) {
        this.signer = signer;
        this.client = signer.client();
    }

    public Address from() {
        return signer.address();
    }

    /** Checks, signs and sends; returns the transaction hash without waiting for it to be mined. */
    public Hash submit(Address to, BigInteger value, byte[] data) {
        return submit(to, value, data, null).hash();
    }

    /**
     * As {@link #submit(Address, BigInteger, byte[])}, once per idempotency key: a key the journal holds already is
     * answered with its transaction, before any check against the node (the funds may have moved on since).
     *
     * @param key the caller's {@code Idempotency-Key}, or null
     * @throws IdempotencyKeyConflictException the key was used for another recipient, value or data
     */
    public Submitted submit(Address to, BigInteger value, byte[] data, IdempotencyKey key) {
        TxRequest request = TxRequest.builder().to(to).value(value).data(data).build();
        if (key != null && signer.sender().findByKey(key).isPresent()) {
            return new Submitted(signer.submit(request, TokenContract.ABI, key), true);
        }
        BigInteger balance = client.getBalance(signer.address());
        if (balance.compareTo(value) < 0) {
            throw new TransferRejectedException("insufficient funds", "signer " + signer.address().toChecksumString()
                    + " holds " + TokenAmount.format(balance, 18) + " ETH, less than the " + TokenAmount.format(value, 18)
                    + " ETH to send", null);
        }
        try {
            return new Submitted(signer.submit(request, TokenContract.ABI, key), false);
        } catch (RevertException e) {
            throw new TransferRejectedException("execution reverted", e.reason().toString(), e.reason());
        } catch (RpcErrorException e) {
            throw rejectedByNode(e);
        }
    }

    /**
     * Deploys a contract from the signer, once per key and journal: a start whose journal holds the key's deployment
     * waits for (or reads) that transaction's receipt instead of deploying again.
     */
    public Address deploy(byte[] creationCode, IdempotencyKey key) {
        Receipt receipt = signer.send(TxRequest.builder().data(creationCode).build(), null, key);
        return receipt.contractAddress();
    }

    /** The journal's entry under {@code key}, if any. */
    public java.util.Optional<sh.brane.client.tx.JournalEntry> journalEntry(IdempotencyKey key) {
        return signer.sender().findByKey(key).map(sh.brane.client.tx.IdempotentEntry::entry);
    }

    /** Whether the journal holds a transaction under {@code key}. */
    public boolean journalled(IdempotencyKey key) {
        return signer.sender().findByKey(key).isPresent();
    }

    /**
     * A submitted transfer.
     *
     * @param replayed true when the idempotency key was journalled before and this is that transaction
     */
    public record Submitted(Hash hash, boolean replayed) {
    }

    /** The node refused the estimate for another cause than a revert, e.g. the signer cannot pay for the gas. */
    private static RuntimeException rejectedByNode(RpcErrorException e) {
        String message = e.rpcMessage() == null ? "" : e.rpcMessage();
        if (message.toLowerCase(Locale.ROOT).contains("insufficient funds")) {
            return new TransferRejectedException("insufficient funds", message, null);
        }
        return e;
    }
}
