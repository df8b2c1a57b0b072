package sh.brane.client.tx;

import java.util.List;
import java.util.Locale;

import sh.brane.client.tx.TransactionRefusedException.Refusal;

/**
 * What each node client answers when it refuses {@code eth_sendRawTransaction}, one row per client and kind of
 * refusal, and the classifier that reads a node's message against them.
 *
 * <p>The texts are the clients' own, read from their sources: go-ethereum ({@code core/txpool/errors.go},
 * {@code core/txpool/legacypool}, {@code core/error.go}), Nethermind ({@code TxPoolErrorMessages}, and the result
 * codes older releases answered with, e.g. {@code OldNonce}), Erigon ({@code txpoolcfg.DiscardReason}), Besu
 * ({@code RpcErrorType}), reth ({@code RpcPoolError}, {@code PoolErrorKind}) and Anvil ({@code anvil/src/eth/error.rs}).
 * Rate limits come from the gateways in front of nodes (Infura, Alchemy), not from the clients.
 *
 * <p>Matching: the message, lower-cased, is searched for every row's {@link Text#marker() marker}; the longest marker
 * found wins, so "replacement transaction underpriced" (the nonce is held) is never read as the shorter
 * "transaction underpriced" (not admitted), and "authority nonce too low" (an EIP-7702 authorisation) never as
 * "nonce too low". A message no marker matches is {@link Refusal#OTHER}.
 */
public final class RefusalTexts {

    /**
     * One client's text for one kind of refusal.
     *
     * @param client  the node client (or gateway) that answers it
     * @param refusal what it means
     * @param marker  the fixed part of the text, lower case, that the classifier looks for
     * @param sample  a whole answer as the client words it (variable parts filled in), for tests and scripted nodes
     */
    public record Text(String client, Refusal refusal, String marker, String sample) {
    }

    public static final String GETH = "geth";
    public static final String NETHERMIND = "nethermind";
    public static final String ERIGON = "erigon";
    public static final String BESU = "besu";
    public static final String RETH = "reth";
    public static final String ANVIL = "anvil";
    /** Gateways in front of nodes (Infura, Alchemy): rate limits. */
    public static final String GATEWAY = "gateway";

    private static final String ADDR = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
    private static final String TX = "0x3f1c3c1f2a5e4e0d6cbb1d3e0b0a2f6e9d8c7b6a5f4e3d2c1b0a99887766554";

    private static final List<Text> ALL = List.of(
            // ---- geth: core/txpool/errors.go, core/txpool/legacypool, core/error.go
            new Text(GETH, Refusal.ALREADY_KNOWN, "already known", "already known"),
            new Text(GETH, Refusal.NONCE_TOO_LOW, "nonce too low",
                    "nonce too low: address " + ADDR + ", tx: 0 state: 1"),
            new Text(GETH, Refusal.REPLACEMENT_UNDERPRICED, "replacement transaction underpriced",
                    "replacement transaction underpriced"),
            new Text(GETH, Refusal.UNDERPRICED, "transaction underpriced",
                    "transaction underpriced: tip needed 2000000000, tip permitted 1000000000"),
            new Text(GETH, Refusal.UNDERPRICED, "transaction gas price below minimum",
                    "transaction gas price below minimum: gas tip cap 0, minimum needed 1000000"),
            new Text(GETH, Refusal.INSUFFICIENT_FUNDS, "insufficient funds for gas * price + value",
                    "insufficient funds for gas * price + value: balance 0, tx cost 420000000000000, overshot "
                            + "420000000000000"),
            new Text(GETH, Refusal.FEE_BELOW_BASE_FEE, "max fee per gas less than block base fee",
                    "max fee per gas less than block base fee: address " + ADDR + ", maxFeePerGas: 1, baseFee: 7"),
            new Text(GETH, Refusal.GAS_LIMIT, "exceeds block gas limit", "exceeds block gas limit"),
            new Text(GETH, Refusal.POOL_FULL, "txpool is full", "txpool is full"),
            new Text(GETH, Refusal.POOL_FULL, "account limit exceeded", "account limit exceeded"),
            new Text(GETH, Refusal.INVALID, "intrinsic gas too low",
                    "intrinsic gas too low: gas 20000, minimum needed 21000"),
            new Text(GETH, Refusal.INVALID, "invalid sender", "invalid sender"),
            new Text(GETH, Refusal.INVALID, "authority nonce too low", "authority nonce too low"),
            new Text(GETH, Refusal.INVALID, "max priority fee per gas higher than max fee per gas",
                    "max priority fee per gas higher than max fee per gas: address " + ADDR
                            + ", maxPriorityFeePerGas: 2, maxFeePerGas: 1"),
            new Text(GETH, Refusal.INVALID, "oversized data", "oversized data: transaction size 131073, limit 131072"),
            new Text(GETH, Refusal.INVALID, "transaction type not supported", "transaction type not supported"),
            // core/txpool/validation.go validateBlobTx: a blob sidecar of the other fork's form (cell proofs,
            // wrapper version 1, from Osaka on; one blob proof per blob before). Nothing is pooled.
            new Text(GETH, Refusal.INVALID, "unexpected sidecar version",
                    "unexpected sidecar version, want: 0, got: 1"),

            // ---- Nethermind: TxPoolErrorMessages, TxErrorMessages; older releases answered with result codes
            new Text(NETHERMIND, Refusal.ALREADY_KNOWN, "already known", "already known"),
            new Text(NETHERMIND, Refusal.ALREADY_KNOWN, "alreadyknown", "AlreadyKnown"),
            new Text(NETHERMIND, Refusal.NONCE_TOO_LOW, "nonce too low", "nonce too low"),
            new Text(NETHERMIND, Refusal.NONCE_TOO_LOW, "oldnonce",
                    "OldNonce, Current nonce: 1, nonce of rejected tx: 0"),
            new Text(NETHERMIND, Refusal.REPLACEMENT_UNDERPRICED, "replacement transaction underpriced",
                    "replacement transaction underpriced"),
            new Text(NETHERMIND, Refusal.REPLACEMENT_UNDERPRICED, "replacementnotallowed", "ReplacementNotAllowed"),
            new Text(NETHERMIND, Refusal.UNDERPRICED, "transaction underpriced", "transaction underpriced"),
            new Text(NETHERMIND, Refusal.UNDERPRICED, "feetoolow",
                    "FeeTooLow, MaxFeePerGas too low. MaxFeePerGas: 1, BaseFee: 7"),
            new Text(NETHERMIND, Refusal.INSUFFICIENT_FUNDS, "insufficient funds for gas * price + value",
                    "insufficient funds for gas * price + value"),
            new Text(NETHERMIND, Refusal.INSUFFICIENT_FUNDS, "insufficientfunds",
                    "InsufficientFunds, Account balance: 0, cumulative cost: 420000000000000"),
            new Text(NETHERMIND, Refusal.GAS_LIMIT, "gas limit reached", "gas limit reached"),
            new Text(NETHERMIND, Refusal.GAS_LIMIT, "gaslimitexceeded",
                    "GasLimitExceeded, Gas limit: 40000000, gas limit of rejected tx: 50000000"),
            new Text(NETHERMIND, Refusal.INVALID, "nonce too high", "nonce too high"),
            new Text(NETHERMIND, Refusal.INVALID, "failed to recover sender", "failed to recover sender"),

            // ---- Erigon: txpoolcfg.DiscardReason
            new Text(ERIGON, Refusal.ALREADY_KNOWN, "already known", "already known"),
            new Text(ERIGON, Refusal.ALREADY_KNOWN, "existing txn with same hash", "existing txn with same hash"),
            new Text(ERIGON, Refusal.NONCE_TOO_LOW, "nonce too low", "nonce too low"),
            new Text(ERIGON, Refusal.REPLACEMENT_UNDERPRICED, "replacement transaction underpriced",
                    "replacement transaction underpriced"),
            new Text(ERIGON, Refusal.REPLACEMENT_UNDERPRICED, "could not replace existing tx",
                    "could not replace existing tx"),
            new Text(ERIGON, Refusal.UNDERPRICED, "underpriced", "underpriced"),
            new Text(ERIGON, Refusal.UNDERPRICED, "fee too low", "fee too low"),
            new Text(ERIGON, Refusal.INSUFFICIENT_FUNDS, "insufficient funds", "insufficient funds"),
            new Text(ERIGON, Refusal.GAS_LIMIT, "gas limit is too high", "gas limit is too high"),
            new Text(ERIGON, Refusal.POOL_FULL, "sub-pool is full", "pending sub-pool is full"),
            new Text(ERIGON, Refusal.POOL_FULL, "spammer", "spammer"),

            // ---- Besu: RpcErrorType
            new Text(BESU, Refusal.ALREADY_KNOWN, "known transaction", "Known transaction"),
            new Text(BESU, Refusal.NONCE_TOO_LOW, "nonce too low", "Nonce too low"),
            new Text(BESU, Refusal.REPLACEMENT_UNDERPRICED, "replacement transaction underpriced",
                    "Replacement transaction underpriced"),
            new Text(BESU, Refusal.UNDERPRICED, "gas price below configured minimum gas price",
                    "Gas price below configured minimum gas price"),
            new Text(BESU, Refusal.FEE_BELOW_BASE_FEE, "gas price below current base fee",
                    "Gas price below current base fee"),
            new Text(BESU, Refusal.INSUFFICIENT_FUNDS, "upfront cost exceeds account balance",
                    "Upfront cost exceeds account balance"),
            new Text(BESU, Refusal.GAS_LIMIT, "transaction gas limit exceeds block gas limit",
                    "Transaction gas limit exceeds block gas limit"),
            new Text(BESU, Refusal.INVALID, "intrinsic gas exceeds gas limit", "Intrinsic gas exceeds gas limit"),
            new Text(BESU, Refusal.INVALID, "wrong chainid", "Wrong chainId"),

            // ---- reth: RpcPoolError (geth's texts) and the pool's own PoolErrorKind
            new Text(RETH, Refusal.ALREADY_KNOWN, "already known", "already known"),
            new Text(RETH, Refusal.ALREADY_KNOWN, "already imported", "[" + TX + "]: already imported"),
            new Text(RETH, Refusal.NONCE_TOO_LOW, "nonce too low", "nonce too low: next nonce 1, tx nonce 0"),
            new Text(RETH, Refusal.REPLACEMENT_UNDERPRICED, "replacement transaction underpriced",
                    "replacement transaction underpriced"),
            new Text(RETH, Refusal.UNDERPRICED, "transaction underpriced", "transaction underpriced"),
            new Text(RETH, Refusal.INSUFFICIENT_FUNDS, "insufficient funds for gas * price + value",
                    "insufficient funds for gas * price + value: have 0 want 420000000000000"),
            new Text(RETH, Refusal.FEE_BELOW_BASE_FEE, "max fee per gas less than block base fee",
                    "max fee per gas less than block base fee"),
            new Text(RETH, Refusal.GAS_LIMIT, "exceeds block gas limit", "exceeds block gas limit"),
            new Text(RETH, Refusal.POOL_FULL, "txpool is full", "txpool is full"),
            // alloy's BlobTransactionValidationError::InvalidProof, passed through by the pool (InvalidEip4844Blob)
            new Text(RETH, Refusal.INVALID, "invalid kzg proof", "invalid KZG proof"),

            // ---- Anvil: crates/anvil/src/eth/error.rs
            new Text(ANVIL, Refusal.ALREADY_KNOWN, "already imported", "Tx: [" + TX + "] already Imported"),
            new Text(ANVIL, Refusal.NONCE_TOO_LOW, "nonce too low", "nonce too low"),
            new Text(ANVIL, Refusal.REPLACEMENT_UNDERPRICED, "insufficient gas price to replace existing transaction",
                    "Tx: [" + TX + "] insufficient gas price to replace existing transaction"),
            new Text(ANVIL, Refusal.INSUFFICIENT_FUNDS, "insufficient funds for gas * price + value",
                    "Insufficient funds for gas * price + value"),
            new Text(ANVIL, Refusal.INSUFFICIENT_FUNDS, "insufficient funds for transfer",
                    "insufficient funds for transfer"),
            new Text(ANVIL, Refusal.FEE_BELOW_BASE_FEE, "max fee per gas less than block base fee",
                    "max fee per gas less than block base fee"),
            new Text(ANVIL, Refusal.GAS_LIMIT, "transaction gas limit is greater than the block gas limit",
                    "Transaction gas limit is greater than the block gas limit, gas_limit: 50000000, cap: 30000000"),
            new Text(ANVIL, Refusal.INVALID, "intrinsic gas too low", "intrinsic gas too low"),
            new Text(ANVIL, Refusal.INVALID, "invalid chain id for signer", "invalid chain id for signer"),
            // a blob proof that does not verify, in either sidecar form (alloy's text; Anvil 1.7.1 answers -32003)
            new Text(ANVIL, Refusal.INVALID, "invalid kzg proof", "invalid KZG proof"),

            // ---- gateways in front of nodes: the request never reached a node
            new Text(GATEWAY, Refusal.RATE_LIMITED, "request rate limited",
                    "daily request count exceeded, request rate limited"),
            new Text(GATEWAY, Refusal.RATE_LIMITED, "request rate exceeded", "project ID request rate exceeded"),
            new Text(GATEWAY, Refusal.RATE_LIMITED, "exceeded its compute units per second capacity",
                    "Your app has exceeded its compute units per second capacity. If you have retries enabled, you "
                            + "can safely ignore this message. If not, check out "
                            + "https://docs.alchemy.com/reference/throughput"),
            new Text(GATEWAY, Refusal.RATE_LIMITED, "too many requests", "Too Many Requests"));

    private RefusalTexts() {
    }

    /** Every row, grouped by client. */
    public static List<Text> all() {
        return ALL;
    }

    /** The rows of one client (see the constants). */
    public static List<Text> of(String client) {
        return ALL.stream().filter(t -> t.client().equals(client)).toList();
    }

    /** The refusal {@code rpcMessage} means: the longest marker it holds decides; none is {@link Refusal#OTHER}. */
    public static Refusal classify(String rpcMessage) {
        if (rpcMessage == null || rpcMessage.isEmpty()) {
            return Refusal.OTHER;
        }
        String m = rpcMessage.toLowerCase(Locale.ROOT);
        Text best = null;
        for (Text t : ALL) {
            if ((best == null || t.marker().length() > best.marker().length()) && m.contains(t.marker())) {
                best = t;
            }
        }
        return best == null ? Refusal.OTHER : best.refusal();
    }
}
