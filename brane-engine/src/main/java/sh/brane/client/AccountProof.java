package sh.brane.client;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;
import sh.brane.core.types.HexData;
import tools.jackson.databind.JsonNode;

/**
 * The answer of {@code eth_getProof} (EIP-1186): an account's state and the Merkle-Patricia proofs of it and of some
 * of its storage slots against a block's state root.
 *
 * @param accountProof the RLP-encoded trie nodes from the state root to the account
 */
public record AccountProof(Address address, BigInteger balance, Hash codeHash, long nonce, Hash storageHash,
        List<HexData> accountProof, List<StorageProof> storageProof) {

    public AccountProof {
        accountProof = List.copyOf(accountProof);
        storageProof = List.copyOf(storageProof);
    }

    /** One storage slot's value and its proof from the account's storage root. */
    public record StorageProof(Hash key, BigInteger value, List<HexData> proof) {
        public StorageProof {
            proof = List.copyOf(proof);
        }
    }

    static AccountProof parse(JsonNode json, String where) {
        Json.object(json, where);
        List<StorageProof> slots = new ArrayList<>();
        JsonNode storage = Json.array(Json.field(json, "storageProof", where), where + ".storageProof");
        for (int i = 0; i < storage.size(); i++) {
            String at = where + ".storageProof[" + i + "]";
            JsonNode slot = Json.object(storage.get(i), at);
            // nodes echo the key as it was asked; a short quantity form is widened to the slot's 32 bytes
            BigInteger key = Json.quantity(Json.field(slot, "key", at), at + ".key");
            slots.add(new StorageProof(Hash.wrap(word(key)), Json.bigField(slot, "value", at),
                    nodes(Json.field(slot, "proof", at), at + ".proof")));
        }
        return new AccountProof(Json.addressField(json, "address", where), Json.bigField(json, "balance", where),
                Json.hashField(json, "codeHash", where), Json.longField(json, "nonce", where),
                Json.hashField(json, "storageHash", where),
                nodes(Json.field(json, "accountProof", where), where + ".accountProof"), slots);
    }

    private static List<HexData> nodes(JsonNode array, String where) {
        Json.array(array, where);
        List<HexData> out = new ArrayList<>(array.size());
        for (int i = 0; i < array.size(); i++) {
            out.add(HexData.wrap(Json.bytes(array.get(i), where + "[" + i + "]")));
        }
        return out;
    }

    private static byte[] word(BigInteger v) {
        byte[] raw = v.toByteArray();
        byte[] out = new byte[32];
        int n = Math.min(raw.length, 32);
        System.arraycopy(raw, raw.length - n, out, 32 - n, n);
        return out;
    }
}
