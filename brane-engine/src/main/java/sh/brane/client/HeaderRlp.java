package sh.brane.client;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

import sh.brane.core.types.Hash;
import sh.brane.primitives.Keccak256;
import sh.brane.primitives.Rlp;

/**
 * {@link BlockHeader#computedHash()}: the header's RLP (the Yellow Paper's order, each fork's fields appended after
 * the last fork's) and its Keccak-256. A header whose computed hash is the node's hash has every field right.
 */
final class HeaderRlp {
    private HeaderRlp() {
    }

    static Hash hash(BlockHeader h) {
        List<byte[]> items = new ArrayList<>(21);
        items.add(hash(need(h.parentHash(), "parentHash")));
        items.add(hash(need(h.sha3Uncles(), "sha3Uncles")));
        items.add(Rlp.encodeBytes(need(h.miner(), "miner").toBytes()));
        items.add(hash(need(h.stateRoot(), "stateRoot")));
        items.add(hash(need(h.transactionsRoot(), "transactionsRoot")));
        items.add(hash(need(h.receiptsRoot(), "receiptsRoot")));
        items.add(Rlp.encodeBytes(need(h.logsBloom(), "logsBloom").toBytes()));
        items.add(Rlp.encodeBigInteger(need(h.difficulty(), "difficulty")));
        items.add(Rlp.encodeLong(h.number()));
        items.add(Rlp.encodeLong(h.gasLimit()));
        items.add(Rlp.encodeLong(h.gasUsed()));
        items.add(Rlp.encodeLong(h.timestamp()));
        items.add(Rlp.encodeBytes(need(h.extraData(), "extraData").toBytes()));
        items.add(hash(need(h.mixHash(), "mixHash")));
        items.add(Rlp.encodeBytes(need(h.nonce(), "nonce").toBytes()));
        // each fork's fields follow the last fork's; a later field present means the earlier ones must be too
        Object[] later = {h.baseFeePerGas(), h.withdrawalsRoot(), h.blobGasUsed(), h.excessBlobGas(),
                h.parentBeaconBlockRoot(), h.requestsHash()};
        String[] names = {"baseFeePerGas", "withdrawalsRoot", "blobGasUsed", "excessBlobGas", "parentBeaconBlockRoot",
                "requestsHash"};
        int last = -1;
        for (int i = 0; i < later.length; i++) {
            if (later[i] != null) {
                last = i;
            }
        }
        for (int i = 0; i <= last; i++) {
            Object v = need(later[i], names[i]);
            items.add(switch (v) {
                case Hash x -> hash(x);
                case BigInteger x -> Rlp.encodeBigInteger(x);
                case Long x -> Rlp.encodeLong(x);
                default -> throw new IllegalStateException("unexpected header value " + v);
            });
        }
        return Hash.wrap(Keccak256.hash(Rlp.encodeList(items)));
    }

    private static byte[] hash(Hash h) {
        return Rlp.encodeBytes(h.toBytes());
    }

    private static <T> T need(T value, String field) {
        if (value == null) {
            throw new IllegalStateException("the header has no " + field + " (the node left it out), so its hash "
                    + "cannot be computed");
        }
        return value;
    }
}
