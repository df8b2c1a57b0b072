package sh.brane.client;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import sh.brane.core.tx.AccessListEntry;
import sh.brane.core.tx.SignedAuthorization;
import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;
import sh.brane.primitives.Hex;

/**
 * The transaction object of {@code eth_call}, {@code eth_estimateGas}, {@code eth_createAccessList} and
 * {@code eth_simulateV1} (the execution-apis {@code GenericTransaction}). Every field is optional; set those the
 * transaction that will be sent has, so the node runs what will be sent: the EIP-1559 fees, the nonce, the type, the
 * access list, blob fields, an EIP-7702 authorization list.
 *
 * <p>The call data goes out as {@code input} (the specification's name) and again as {@code data} with the same
 * value: nodes from before 2022 read only {@code data} and would otherwise run the call with no data at all, without
 * an error; geth, Nethermind, Besu, Erigon, Reth and Anvil accept both when they are equal.
 *
 * @param data                 the call data (sent as {@code input} and {@code data})
 * @param type                 the EIP-2718 type byte; null lets the node infer it from the fields
 * @param accessList           null for none
 * @param blobVersionedHashes  null for none
 * @param authorizationList    null for none
 */
public record CallRequest(Address from, Address to, BigInteger value, byte[] data, Long gas, BigInteger gasPrice,
        BigInteger maxFeePerGas, BigInteger maxPriorityFeePerGas, Long nonce, Integer type, Long chainId,
        List<AccessListEntry> accessList, BigInteger maxFeePerBlobGas, List<Hash> blobVersionedHashes,
        List<SignedAuthorization> authorizationList) {

    public CallRequest {
        accessList = accessList == null ? null : List.copyOf(accessList);
        blobVersionedHashes = blobVersionedHashes == null ? null : List.copyOf(blobVersionedHashes);
        authorizationList = authorizationList == null ? null : List.copyOf(authorizationList);
        if (type != null && (type < 0 || type > 0xff)) {
            throw new IllegalArgumentException("type must be one byte, got " + type);
        }
    }

    /** A call with the legacy fields only. */
    public CallRequest(Address from, Address to, BigInteger value, byte[] data, Long gas, BigInteger gasPrice) {
        this(from, to, value, data, gas, gasPrice, null, null, null, null, null, null, null, null, null);
    }

    public static CallRequest to(Address to, byte[] data) {
        return new CallRequest(null, to, null, data, null, null);
    }

    public CallRequest withFrom(Address sender) {
        return new CallRequest(sender, to, value, data, gas, gasPrice, maxFeePerGas, maxPriorityFeePerGas, nonce, type,
                chainId, accessList, maxFeePerBlobGas, blobVersionedHashes, authorizationList);
    }

    public CallRequest withValue(BigInteger wei) {
        return new CallRequest(from, to, wei, data, gas, gasPrice, maxFeePerGas, maxPriorityFeePerGas, nonce, type,
                chainId, accessList, maxFeePerBlobGas, blobVersionedHashes, authorizationList);
    }

    public CallRequest withGas(long gasLimit) {
        return new CallRequest(from, to, value, data, gasLimit, gasPrice, maxFeePerGas, maxPriorityFeePerGas, nonce,
                type, chainId, accessList, maxFeePerBlobGas, blobVersionedHashes, authorizationList);
    }

    /** EIP-1559 fees (and no gas price, which a node refuses beside them). */
    public CallRequest withFees(BigInteger maxFee, BigInteger maxPriorityFee) {
        return new CallRequest(from, to, value, data, gas, null, maxFee, maxPriorityFee, nonce, type, chainId,
                accessList, maxFeePerBlobGas, blobVersionedHashes, authorizationList);
    }

    public CallRequest withNonce(long accountNonce) {
        return new CallRequest(from, to, value, data, gas, gasPrice, maxFeePerGas, maxPriorityFeePerGas, accountNonce,
                type, chainId, accessList, maxFeePerBlobGas, blobVersionedHashes, authorizationList);
    }

    public CallRequest withType(int transactionType) {
        return new CallRequest(from, to, value, data, gas, gasPrice, maxFeePerGas, maxPriorityFeePerGas, nonce,
                transactionType, chainId, accessList, maxFeePerBlobGas, blobVersionedHashes, authorizationList);
    }

    public CallRequest withChainId(long id) {
        return new CallRequest(from, to, value, data, gas, gasPrice, maxFeePerGas, maxPriorityFeePerGas, nonce, type,
                id, accessList, maxFeePerBlobGas, blobVersionedHashes, authorizationList);
    }

    public CallRequest withAccessList(List<AccessListEntry> entries) {
        return new CallRequest(from, to, value, data, gas, gasPrice, maxFeePerGas, maxPriorityFeePerGas, nonce, type,
                chainId, entries, maxFeePerBlobGas, blobVersionedHashes, authorizationList);
    }

    /** The blob fields of an EIP-4844 transaction. */
    public CallRequest withBlobs(BigInteger maxFeePerBlob, List<Hash> versionedHashes) {
        return new CallRequest(from, to, value, data, gas, gasPrice, maxFeePerGas, maxPriorityFeePerGas, nonce, type,
                chainId, accessList, maxFeePerBlob, versionedHashes, authorizationList);
    }

    public CallRequest withAuthorizations(List<SignedAuthorization> authorizations) {
        return new CallRequest(from, to, value, data, gas, gasPrice, maxFeePerGas, maxPriorityFeePerGas, nonce, type,
                chainId, accessList, maxFeePerBlobGas, blobVersionedHashes, authorizations);
    }

    /** The JSON-RPC object. */
    public Map<String, Object> toJson() {
        Map<String, Object> m = new LinkedHashMap<>();
        if (from != null) {
            m.put("from", from.toHex());
        }
        if (to != null) {
            m.put("to", to.toHex());
        }
        if (value != null) {
            m.put("value", Quantities.hex(value));
        }
        if (data != null) {
            String hex = Hex.encode(data);
            m.put("input", hex);
            m.put("data", hex);
        }
        if (gas != null) {
            m.put("gas", Quantities.hex(gas));
        }
        if (gasPrice != null) {
            m.put("gasPrice", Quantities.hex(gasPrice));
        }
        if (maxFeePerGas != null) {
            m.put("maxFeePerGas", Quantities.hex(maxFeePerGas));
        }
        if (maxPriorityFeePerGas != null) {
            m.put("maxPriorityFeePerGas", Quantities.hex(maxPriorityFeePerGas));
        }
        if (nonce != null) {
            m.put("nonce", Quantities.hex(nonce));
        }
        if (type != null) {
            m.put("type", Quantities.hex(type));
        }
        if (chainId != null) {
            m.put("chainId", Quantities.hex(chainId));
        }
        if (accessList != null) {
            m.put("accessList", accessListJson(accessList));
        }
        if (maxFeePerBlobGas != null) {
            m.put("maxFeePerBlobGas", Quantities.hex(maxFeePerBlobGas));
        }
        if (blobVersionedHashes != null) {
            m.put("blobVersionedHashes", blobVersionedHashes.stream().map(Hash::toHex).toList());
        }
        if (authorizationList != null) {
            List<Map<String, Object>> auths = new ArrayList<>(authorizationList.size());
            for (SignedAuthorization a : authorizationList) {
                Map<String, Object> e = new LinkedHashMap<>();
                e.put("chainId", Quantities.hex(a.chainId()));
                e.put("address", a.address().toHex());
                e.put("nonce", Quantities.hex(a.nonce()));
                e.put("yParity", Quantities.hex(a.signature().yParity()));
                e.put("r", Quantities.hex(a.signature().r()));
                e.put("s", Quantities.hex(a.signature().s()));
                auths.add(e);
            }
            m.put("authorizationList", auths);
        }
        return m;
    }

    static List<Map<String, Object>> accessListJson(List<AccessListEntry> entries) {
        List<Map<String, Object>> out = new ArrayList<>(entries.size());
        for (AccessListEntry e : entries) {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("address", e.address().toHex());
            entry.put("storageKeys", e.storageKeys().stream().map(Hash::toHex).toList());
            out.add(entry);
        }
        return out;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CallRequest c && java.util.Objects.equals(from, c.from) && java.util.Objects.equals(to, c.to)
                && java.util.Objects.equals(value, c.value) && java.util.Arrays.equals(data, c.data)
                && java.util.Objects.equals(gas, c.gas) && java.util.Objects.equals(gasPrice, c.gasPrice)
                && java.util.Objects.equals(maxFeePerGas, c.maxFeePerGas)
                && java.util.Objects.equals(maxPriorityFeePerGas, c.maxPriorityFeePerGas)
                && java.util.Objects.equals(nonce, c.nonce) && java.util.Objects.equals(type, c.type)
                && java.util.Objects.equals(chainId, c.chainId) && java.util.Objects.equals(accessList, c.accessList)
                && java.util.Objects.equals(maxFeePerBlobGas, c.maxFeePerBlobGas)
                && java.util.Objects.equals(blobVersionedHashes, c.blobVersionedHashes)
                && java.util.Objects.equals(authorizationList, c.authorizationList);
    }

    @Override
    public int hashCode() {
        return java.util.Objects.hash(from, to, value, java.util.Arrays.hashCode(data), gas, nonce);
    }

    @Override
    public String toString() {
        return "CallRequest[from=" + from + ", to=" + to + ", value=" + value + ", data="
                + (data == null ? "none" : data.length + " bytes") + ", gas=" + gas + ", type=" + type
                + (blobVersionedHashes == null ? "" : ", blobs=" + blobVersionedHashes.size()) + "]";
    }
}
