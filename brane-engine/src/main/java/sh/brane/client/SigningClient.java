package sh.brane.client;

import java.math.BigInteger;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

import sh.brane.core.abi.Abi;
import sh.brane.core.crypto.PrivateKey;
import sh.brane.core.blob.BlobSidecar;
import sh.brane.core.tx.Eip1559Transaction;
import sh.brane.core.tx.Eip2930Transaction;
import sh.brane.core.tx.Eip4844Transaction;
import sh.brane.core.tx.Eip7702Transaction;
import sh.brane.core.tx.LegacyTransaction;
import sh.brane.core.tx.Transaction;
import sh.brane.core.tx.TransactionBuilder;
import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;
import sh.brane.client.tx.ChainIdGuard;
import sh.brane.client.tx.IdempotencyKey;
import sh.brane.client.tx.IdempotencyKeyConflictException;
import sh.brane.client.tx.SendLimits;
import sh.brane.client.tx.TransactionSender;
import sh.brane.rpc.RpcErrorException;
import sh.brane.signer.LocalSigner;
import sh.brane.signer.Signer;

/**
 * Sends transactions from one account: fills nonce, gas limit (estimate plus a margin) and fees (EIP-1559: twice
 * the latest base fee plus the node's suggested tip; legacy and EIP-2930: {@code eth_gasPrice}), then hands the
 * transaction to a {@link TransactionSender}: pinned chain id and fee/gas/value ceilings checked before signing,
 * nonce allocated and the signed bytes journalled in one step of its {@link sh.brane.client.tx.TransactionStore},
 * broadcast without any lock held. Thread-safe: many threads may send at once, with many transactions in flight.
 *
 * <p>The constructors taking a {@link PrivateKey} or a {@link Signer} (without a {@link TransactionSender}) keep
 * the original behaviour for code and tests that have no configuration: the chain id is read once from the node at
 * the first send and then pinned, and there are no ceilings. They journal too: every transaction they sign is
 * written to an {@link sh.brane.client.tx.InMemoryTransactionStore} (not durable: lost with the process) before it
 * is broadcast, with one store per {@link NonceManager}. No tracker follows that journal unless the caller starts
 * one ({@code sender().tracker(confirmations, pollInterval, resendAfter).start()}, closed by the caller): this
 * class has no {@code close()}, so a tracker it started by itself would be a polling thread nobody stops, and it
 * would re-broadcast transactions on its own, which callers of these constructors never asked for. Production code
 * builds a {@link TransactionSender} with a pinned chain id, ceilings and a durable store, and starts its tracker
 * (the Spring starter does both).
 */
public final class SigningClient {
    /** Default extra gas on top of the estimate, in percent. */
    public static final int DEFAULT_GAS_MARGIN_PERCENT = 20;
    public static final Duration DEFAULT_RECEIPT_TIMEOUT = Duration.ofSeconds(120);
    private static final int FEE_HISTORY_BLOCKS = 5;

    private final BraneClient client;
    private final Address address;
    private final NonceManager nonces;
    private final Signer signer;
    private final int gasMarginPercent;
    private final Duration receiptTimeout;
    private volatile TransactionSender sender;

    public SigningClient(BraneClient client, PrivateKey key) {
        this(client, key, null, DEFAULT_GAS_MARGIN_PERCENT, DEFAULT_RECEIPT_TIMEOUT);
    }

    /**
     * @param nonces           the account's nonce manager to share (senders sharing it share one in-memory
     *                         journal and nonce counter), or null for a new one
     * @param gasMarginPercent extra gas over the estimate, in percent (0..1000)
     * @param receiptTimeout   how long {@link #send} waits for the receipt
     */
    public SigningClient(BraneClient client, PrivateKey key, NonceManager nonces, int gasMarginPercent,
            Duration receiptTimeout) {
        this(client, key == null ? null : new LocalSigner("key:" + key.address().toHex(), key), nonces,
                gasMarginPercent, receiptTimeout);
    }

    /** Sends from {@code signer}'s account; signs through it (an HSM, a KMS or a local key). */
    public SigningClient(BraneClient client, Signer signer) {
        this(client, signer, null, DEFAULT_GAS_MARGIN_PERCENT, DEFAULT_RECEIPT_TIMEOUT);
    }

    /**
     * As the key constructor, signing through {@code signer}: the chain id is read once from the node at the first
     * send and pinned (wrap the signer in {@link sh.brane.signer.ChainPinnedSigner}, or build a
     * {@link TransactionSender}, to pin it from configuration).
     *
     * @param signer           signs the transactions (its address is the sending account)
     * @param nonces           the account's nonce manager to share, or null for a new one
     * @param gasMarginPercent extra gas over the estimate, in percent (0..1000)
     * @param receiptTimeout   how long {@link #send} waits for the receipt
     */
    public SigningClient(BraneClient client, Signer signer, NonceManager nonces, int gasMarginPercent,
            Duration receiptTimeout) {
        checkMargins(gasMarginPercent, receiptTimeout);
        if (client == null || signer == null) {
            throw new IllegalArgumentException("client and signer must not be null");
        }
        this.client = client;
        this.signer = signer;
        this.address = signer.address();
        if (nonces != null && !nonces.account().equals(address)) {
            throw new IllegalArgumentException("the nonce manager is for " + nonces.account() + ", the key is "
                    + address);
        }
        this.nonces = nonces != null ? nonces : new NonceManager(client, address);
        this.gasMarginPercent = gasMarginPercent;
        this.receiptTimeout = receiptTimeout;
    }

    /** Sends through {@code sender}: its signer, pinned chain id, ceilings and store. */
    public SigningClient(TransactionSender sender) {
        this(sender, DEFAULT_GAS_MARGIN_PERCENT, DEFAULT_RECEIPT_TIMEOUT);
    }

    /**
     * @param gasMarginPercent extra gas over the estimate, in percent (0..1000)
     * @param receiptTimeout   how long {@link #send} waits for the receipt
     */
    public SigningClient(TransactionSender sender, int gasMarginPercent, Duration receiptTimeout) {
        checkMargins(gasMarginPercent, receiptTimeout);
        if (sender == null) {
            throw new IllegalArgumentException("sender must not be null");
        }
        this.sender = sender;
        this.client = sender.client();
        this.signer = null;
        this.address = sender.address();
        this.nonces = new NonceManager(client, address);
        this.gasMarginPercent = gasMarginPercent;
        this.receiptTimeout = receiptTimeout;
    }

    private static void checkMargins(int gasMarginPercent, Duration receiptTimeout) {
        if (gasMarginPercent < 0 || gasMarginPercent > 1000) {
            throw new sh.brane.rpc.InvalidOptionException("gasMarginPercent", String.valueOf(gasMarginPercent),
                    "must be 0..1000 percent");
        }
        if (receiptTimeout == null || receiptTimeout.isNegative() || receiptTimeout.isZero()) {
            throw new sh.brane.rpc.InvalidOptionException("receiptTimeout", String.valueOf(receiptTimeout),
                    "must be positive");
        }
    }

    /** The sending account. */
    public Address address() {
        return address;
    }

    public BraneClient client() {
        return client;
    }

    /**
     * The account's nonce manager given to (or made by) the constructor. Sends no longer hold its lock: they
     * allocate nonces from the {@link #sender()}'s store; the manager only identifies the shared in-memory store.
     */
    public NonceManager nonces() {
        return nonces;
    }

    /** The money path this client sends through (for the key constructors: made at the first send). */
    public TransactionSender sender() {
        TransactionSender s = sender;
        if (s == null) {
            synchronized (this) {
                s = sender;
                if (s == null) {
                    // no configuration to pin from: the node's chain id, read once, is pinned from here on
                    s = new TransactionSender(client, signer,
                            ChainIdGuard.pinned(client.chainId()), SendLimits.NONE, nonces.sharedStore());
                    sender = s;
                }
            }
        }
        return s;
    }

    /**
     * Fills, signs and submits {@code request} once; returns its hash without waiting.
     *
     * @throws RevertException if the gas estimate reverts (nothing is sent then)
     * @throws sh.brane.client.tx.CeilingExceededException over a ceiling (nothing signed)
     * @throws sh.brane.client.tx.TransactionRefusedException the node refused it (typed by the reason)
     * @throws sh.brane.client.tx.JournalUnavailableException the journal failed (nothing broadcast)
     * @throws SubmissionUnknownException if the transaction was sent but no answer came (its fate is unknown)
     */
    public Hash submit(TxRequest request) {
        return submit(request, null, null);
    }

    /** As {@link #submit(TxRequest)}, decoding a revert of the estimate with the custom errors of {@code errors}. */
    public Hash submit(TxRequest request, Abi errors) {
        return submit(request, errors, null);
    }

    /**
     * As {@link #submit(TxRequest, Abi)}, at most once per idempotency key: a key journalled before (by any instance
     * sharing the journal) answers with that transaction's hash, without estimating, signing or sending again (see
     * {@link TransactionSender#send(IdempotencyKey, java.util.function.LongFunction)}).
     *
     * @param errors custom errors to decode a revert of the estimate with, or null
     * @param key    the caller's business reference for this payment, or null for none
     * @throws IdempotencyKeyConflictException the key was used for another recipient, value, data or blobs (nothing
     *                                         signed)
     */
    public Hash submit(TxRequest request, Abi errors, IdempotencyKey key) {
        TransactionSender via = sender();
        if (key != null) {
            // a retry: answered from the journal before any node call, so a retry after the funds moved on still
            // gets its original answer
            var known = via.findByKey(key);
            if (known.isPresent()) {
                if (!IdempotencyKey.fingerprint(request.to(), request.value(), request.data(),
                        BlobFilling.versionedHashes(request)).equals(known.get().fingerprint())) {
                    throw new IdempotencyKeyConflictException(key, known.get().entry().hash());
                }
                return known.get().entry().hash();
            }
        }
        // blobs are checked and their proofs computed before anything is signed; the form, unless the request names
        // it, is the node's fork's
        BlobSidecar sidecar = BlobFilling.sidecar(request, BraneClient.await(BlobFilling.version(client, request),
                "eth_config"));
        // the estimate and the fee quotes are independent: ask for them all at once, then wait
        CompletableFuture<Long> estimate = request.gasLimit() != null
                ? CompletableFuture.completedFuture(request.gasLimit())
                : client.async("eth_estimateGas", List.of(estimateJson(request, sidecar)),
                        json -> Json.quantityLong(json, "eth_estimateGas"));
        CompletableFuture<Fees> quotes = fees(request);
        CompletableFuture<BigInteger> blobQuote = sidecar == null ? CompletableFuture.completedFuture(null)
                : BlobFilling.maxFeePerBlobGas(client, request);
        long chainId = via.chainId();
        long gasLimit;
        Fees fees;
        try {
            gasLimit = BraneClient.await(estimate, "eth_estimateGas");
            fees = BraneClient.await(quotes, "fee quotes").withBlobFee(BraneClient.await(blobQuote, "eth_blobBaseFee"));
        } catch (RpcErrorException e) {
            throw BraneClient.asRevert(e, errors).orElseThrow(() -> e);
        } catch (sh.brane.rpc.ConnectionLostException e) {
            // an endpoint closed for being on another chain fails every call so: say that, not "try again"
            throw via.chainIdentity().explain(e);
        }
        if (request.gasLimit() == null) {
            gasLimit = Math.addExact(gasLimit, gasLimit * gasMarginPercent / 100);
        }
        long limit = gasLimit;
        // nonce, guards, signature and journal row in one step of the store; then one broadcast, no lock held
        java.util.function.LongFunction<Transaction> build = nonce -> build(request, chainId, nonce, limit, fees,
                sidecar);
        return (key == null ? via.send(build) : via.send(key, build)).hash();
    }

    /**
     * Submits {@code request} and waits for its receipt.
     *
     * @throws RevertException         if it reverted (estimate or execution), with the decoded reason
     * @throws ReceiptTimeoutException if no receipt came in time (the transaction may still be mined)
     */
    public Receipt send(TxRequest request) {
        return send(request, null, null);
    }

    /** As {@link #send(TxRequest)}, decoding reverts with the custom errors of {@code errors} (may be null). */
    public Receipt send(TxRequest request, Abi errors) {
        return send(request, errors, null);
    }

    /**
     * As {@link #send(TxRequest, Abi)}, submitting at most once per idempotency key (see
     * {@link #submit(TxRequest, Abi, IdempotencyKey)}); a retry waits for the receipt of the first submission.
     */
    public Receipt send(TxRequest request, Abi errors, IdempotencyKey key) {
        Hash hash = submit(request, errors, key);
        Receipt receipt = client.waitForReceipt(hash, receiptTimeout);
        if (!receipt.isSuccess()) {
            // replay exactly what was mined, with its gas limit, so that running out of gas shows as such
            TransactionInfo mined = client.getTransactionByHash(hash).orElse(null);
            CallRequest replay = mined == null
                    ? new CallRequest(address, request.to(), request.value(), request.data(), null, null)
                    : new CallRequest(mined.from(), mined.to(), mined.value(), mined.input(), mined.gas(), null);
            throw client.revertOf(receipt, replay, errors);
        }
        return receipt;
    }

    // ------------------------------------------------------------------ filling

    /** The estimate's call object: what will be sent but the fees (quoted meanwhile) and the nonce (not yet known). */
    private Map<String, Object> estimateJson(TxRequest request, BlobSidecar sidecar) {
        CallRequest call = new CallRequest(address, request.to(), request.value(), request.data(), null, null);
        if (!request.accessList().isEmpty()) {
            call = call.withAccessList(request.accessList());
        }
        if (!request.authorizations().isEmpty()) {
            call = call.withAuthorizations(request.authorizations());
        }
        if (sidecar != null) {
            // a contract that reads BLOBHASH sees the hashes during the estimate as it will when mined
            call = call.withBlobs(null, sidecar.versionedHashes());
        }
        return call.toJson();
    }

    private record Fees(BigInteger gasPrice, BigInteger maxFee, BigInteger maxPriority, BigInteger maxBlobFee) {
        Fees(BigInteger gasPrice, BigInteger maxFee, BigInteger maxPriority) {
            this(gasPrice, maxFee, maxPriority, null);
        }

        Fees withBlobFee(BigInteger blobFee) {
            return new Fees(gasPrice, maxFee, maxPriority, blobFee);
        }
    }

    private CompletableFuture<Fees> fees(TxRequest request) {
        switch (request.type()) {
            case LEGACY, EIP2930 -> {
                if (request.gasPrice() != null) {
                    return CompletableFuture.completedFuture(new Fees(request.gasPrice(), null, null));
                }
                return client.async("eth_gasPrice", List.of(), json -> new Fees(Json.quantity(json, "eth_gasPrice"),
                        null, null));
            }
            default -> {
                CompletableFuture<BigInteger> priority = request.maxPriorityFeePerGas() != null
                        ? CompletableFuture.completedFuture(request.maxPriorityFeePerGas())
                        : suggestedPriorityFee();
                if (request.maxFeePerGas() != null) {
                    return priority.thenApply(tip -> eip1559(request.maxFeePerGas(), tip));
                }
                CompletableFuture<BigInteger> baseFee = client.async("eth_getBlockByNumber",
                        List.of(BlockTag.LATEST.value(), false),
                        json -> BlockHeader.parse(json, "block").baseFeePerGas());
                return priority.thenCombine(baseFee, (tip, base) -> {
                    if (base == null) {
                        throw new IllegalStateException("the latest block has no base fee: the chain does not "
                                + "support EIP-1559; send a LEGACY or EIP2930 transaction");
                    }
                    // twice the base fee survives six full blocks of +12.5% before the tx stops being includable
                    return eip1559(base.shiftLeft(1).add(tip), tip);
                });
            }
        }
    }

    /**
     * The node's {@code eth_maxPriorityFeePerGas}; on a node without that method, the median of the 50th
     * percentile tips of the last {@value #FEE_HISTORY_BLOCKS} blocks from {@code eth_feeHistory}.
     */
    private CompletableFuture<BigInteger> suggestedPriorityFee() {
        return client.async("eth_maxPriorityFeePerGas", List.of(), json -> Json.quantity(json,
                "eth_maxPriorityFeePerGas")).exceptionallyCompose(failure -> {
                    Throwable cause = failure instanceof CompletionException && failure.getCause() != null
                            ? failure.getCause() : failure;
                    if (!(cause instanceof RpcErrorException)) {
                        return CompletableFuture.failedFuture(cause);
                    }
                    return client.async("eth_feeHistory", List.of(Quantities.hex(FEE_HISTORY_BLOCKS),
                            BlockTag.LATEST.value(), List.of(50.0)), json -> medianTip(
                                    FeeHistory.parse(json, "eth_feeHistory")));
                });
    }

    static BigInteger medianTip(FeeHistory history) {
        List<BigInteger> tips = new ArrayList<>();
        for (List<BigInteger> perBlock : history.reward()) {
            if (!perBlock.isEmpty()) {
                tips.add(perBlock.get(0));
            }
        }
        if (tips.isEmpty()) {
            throw new IllegalStateException("the node suggests no priority fee (no eth_maxPriorityFeePerGas and no "
                    + "eth_feeHistory rewards); set maxPriorityFeePerGas on the request");
        }
        tips.sort(null);
        return tips.get(tips.size() / 2);
    }

    private static Fees eip1559(BigInteger maxFee, BigInteger priority) {
        if (maxFee.compareTo(priority) < 0) {
            throw new IllegalArgumentException("maxFeePerGas " + maxFee + " is below maxPriorityFeePerGas "
                    + priority);
        }
        return new Fees(null, maxFee, priority);
    }

    private static Transaction build(TxRequest r, long chainId, long nonce, long gasLimit, Fees fees,
            BlobSidecar sidecar) {
        return switch (r.type()) {
            case LEGACY -> common(LegacyTransaction.builder().gasPrice(fees.gasPrice()), r, chainId, nonce, gasLimit)
                    .build();
            case EIP2930 -> common(Eip2930Transaction.builder().gasPrice(fees.gasPrice())
                    .accessList(r.accessList()), r, chainId, nonce, gasLimit).build();
            case EIP1559 -> common(Eip1559Transaction.builder().maxFeePerGas(fees.maxFee())
                    .maxPriorityFeePerGas(fees.maxPriority()).accessList(r.accessList()), r, chainId, nonce, gasLimit)
                    .build();
            case EIP7702 -> common(Eip7702Transaction.builder().maxFeePerGas(fees.maxFee())
                    .maxPriorityFeePerGas(fees.maxPriority()).accessList(r.accessList())
                    .authorizationList(r.authorizations()), r, chainId, nonce, gasLimit).build();
            case EIP4844 -> common(Eip4844Transaction.builder().maxFeePerGas(fees.maxFee())
                    .maxPriorityFeePerGas(fees.maxPriority()).accessList(r.accessList())
                    .maxFeePerBlobGas(fees.maxBlobFee()).sidecar(sidecar), r, chainId, nonce, gasLimit).build();
        };
    }

    private static <B extends TransactionBuilder<B, T>, T extends Transaction> B common(B b, TxRequest r,
            long chainId, long nonce, long gasLimit) {
        b.chainId(chainId).nonce(nonce).gasLimit(gasLimit).value(r.value()).data(r.data());
        return r.to() == null ? b.contractCreation() : b.to(r.to());
    }

    @Override
    public String toString() {
        return "SigningClient[" + address + "]";
    }
}
