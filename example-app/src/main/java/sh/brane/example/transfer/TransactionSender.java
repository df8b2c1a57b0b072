package sh.brane.example.transfer;

import java.math.BigInteger;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.springframework.stereotype.Component;
import sh.brane.core.abi.RevertDecoder;
import sh.brane.core.abi.RevertReason;
import sh.brane.core.tx.Eip1559Transaction;
import sh.brane.core.tx.SignedTransaction;
import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;
import sh.brane.example.chain.EtherAmounts;
import sh.brane.example.chain.Quantities;
import sh.brane.example.signer.Signer;
import sh.brane.example.token.TokenContract;
import sh.brane.primitives.Hex;
import sh.brane.rpc.BraneProvider;
import sh.brane.rpc.RpcErrorException;
import tools.jackson.databind.JsonNode;

/**
 * Estimates, signs and sends EIP-1559 transactions from the service's signer. A call that would revert or
 * that the signer cannot pay for is refused before anything is signed, with the decoded reason.
 */
@Component
public class TransactionSender {

    private static final BigInteger GAS_MARGIN_PERCENT = BigInteger.valueOf(120);

    private final BraneProvider provider;
    private final Signer signer;
    private final Object nonceLock = new Object();
    private volatile long chainId = -1;

    public TransactionSender(BraneProvider provider, Signer signer) {
        this.provider = provider;
        this.signer = signer;
    }

    public Address from() {
        return signer.address();
    }

    /** Checks, signs and sends; returns the transaction hash without waiting for it to be mined. */
    public Hash send(Address to, BigInteger value, byte[] data) {
        long gasLimit = estimateGas(to, value, data);
        BigInteger baseFee = Quantities.big(
                provider.send("eth_getBlockByNumber", List.of("latest", false)).get("baseFeePerGas"));
        BigInteger tip = Quantities.big(provider.send("eth_maxPriorityFeePerGas", List.of()));
        BigInteger maxFee = baseFee.shiftLeft(1).add(tip);
        requireFunds(value, BigInteger.valueOf(gasLimit).multiply(maxFee));
        // one sender at a time: the nonce read and the send must not interleave with another transfer
        synchronized (nonceLock) {
            long nonce = Quantities.longValue(
                    provider.send("eth_getTransactionCount", List.of(signer.address(), "pending")));
            SignedTransaction signed = signer.sign(Eip1559Transaction.builder()
                    .chainId(chainId())
                    .nonce(nonce)
                    .gasLimit(gasLimit)
                    .maxPriorityFeePerGas(tip)
                    .maxFeePerGas(maxFee)
                    .to(to)
                    .value(value)
                    .data(data)
                    .build());
            JsonNode hash = provider.send("eth_sendRawTransaction", List.of(signed.toHex()));
            return Hash.of(hash.asString());
        }
    }

    /** Deploys a contract from the signer and waits for its address. */
    public Address deploy(byte[] creationCode, Duration timeout) {
        Map<String, Object> call = new LinkedHashMap<>();
        call.put("from", signer.address());
        call.put("data", Hex.encode(creationCode));
        long gasLimit = Quantities.longValue(provider.send("eth_estimateGas", List.of(call)));
        BigInteger baseFee = Quantities.big(
                provider.send("eth_getBlockByNumber", List.of("latest", false)).get("baseFeePerGas"));
        BigInteger tip = Quantities.big(provider.send("eth_maxPriorityFeePerGas", List.of()));
        Hash hash;
        synchronized (nonceLock) {
            long nonce = Quantities.longValue(
                    provider.send("eth_getTransactionCount", List.of(signer.address(), "pending")));
            SignedTransaction signed = signer.sign(Eip1559Transaction.builder()
                    .chainId(chainId())
                    .nonce(nonce)
                    .gasLimit(gasLimit * 12 / 10)
                    .maxPriorityFeePerGas(tip)
                    .maxFeePerGas(baseFee.shiftLeft(1).add(tip))
                    .contractCreation()
                    .data(creationCode)
                    .build());
            hash = Hash.of(provider.send("eth_sendRawTransaction", List.of(signed.toHex())).asString());
        }
        JsonNode receipt = waitForReceipt(hash, timeout);
        if (!"0x1".equals(receipt.get("status").asString())) {
            throw new IllegalStateException("deployment " + hash + " reverted");
        }
        return Address.of(receipt.get("contractAddress").asString());
    }

    /** Polls for the receipt of a transaction until it is mined or the timeout passes. */
    public JsonNode waitForReceipt(Hash hash, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            JsonNode receipt = provider.send("eth_getTransactionReceipt", List.of(hash));
            if (receipt != null && !receipt.isNull()) {
                return receipt;
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("no receipt for " + hash + " after " + timeout);
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for " + hash, e);
            }
        }
    }

    private long estimateGas(Address to, BigInteger value, byte[] data) {
        Map<String, Object> call = new LinkedHashMap<>();
        call.put("from", signer.address());
        call.put("to", to);
        call.put("value", Quantities.hex(value));
        if (data.length > 0) {
            call.put("data", Hex.encode(data));
        }
        try {
            long estimate = Quantities.longValue(provider.send("eth_estimateGas", List.of(call)));
            return BigInteger.valueOf(estimate).multiply(GAS_MARGIN_PERCENT).divide(BigInteger.valueOf(100))
                    .longValueExact();
        } catch (RpcErrorException e) {
            throw rejected(e);
        }
    }

    private void requireFunds(BigInteger value, BigInteger maxGasCost) {
        BigInteger balance = Quantities.big(provider.send("eth_getBalance", List.of(signer.address(), "latest")));
        BigInteger needed = value.add(maxGasCost);
        if (balance.compareTo(needed) < 0) {
            throw new TransferRejectedException("insufficient funds",
                    "signer " + signer.address().toChecksumString() + " holds " + EtherAmounts.toEther(balance)
                            + " ETH but the transfer needs up to " + EtherAmounts.toEther(needed)
                            + " ETH (value plus maximum gas cost)", null);
        }
    }

    /** Turns the node's refusal of an estimate into the reason a caller can act on. */
    static TransferRejectedException rejected(RpcErrorException e) {
        byte[] revertData = revertData(e.data());
        if (revertData != null) {
            RevertReason reason = RevertDecoder.decode(revertData, TokenContract.ABI);
            return new TransferRejectedException("execution reverted", reason.toString(), reason);
        }
        String message = e.rpcMessage() == null ? "" : e.rpcMessage();
        if (message.toLowerCase(java.util.Locale.ROOT).contains("insufficient funds")) {
            return new TransferRejectedException("insufficient funds", message, null);
        }
        return new TransferRejectedException("rejected by the node", message, null);
    }

    private static byte[] revertData(JsonNode data) {
        if (data == null || data.isNull()) {
            return null;
        }
        JsonNode hex = data.isString() ? data : data.path("data");
        if (!hex.isString() || !Hex.isHex(hex.asString())) {
            return null;
        }
        return Hex.decode(hex.asString());
    }

    private long chainId() {
        long id = chainId;
        if (id < 0) {
            id = Quantities.longValue(provider.send("eth_chainId", List.of()));
            chainId = id;
        }
        return id;
    }
}
