package sh.brane.core.tx;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

import sh.brane.core.crypto.Signature;
import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;
import sh.brane.primitives.Rlp;
import sh.brane.primitives.RlpDecodingException;
import sh.brane.primitives.RlpItem;
import sh.brane.primitives.RlpList;
import sh.brane.primitives.RlpString;

/**
 * Decodes raw signed transactions of every type. The first byte tells the type: {@code 0x01} to
 * {@code 0x04} is an EIP-2718 type byte, {@code 0xc0} and above the start of a legacy RLP list;
 * anything else is rejected. The RLP must be canonical, span the input exactly and have exactly the
 * type's fields, each of the right shape and range, so that re-encoding gives the same bytes.
 */
final class TransactionDecoder {

    private TransactionDecoder() {
    }

    static SignedTransaction decode(byte[] raw) {
        if (raw == null) {
            throw new TransactionDecodingException("raw transaction is null");
        }
        if (raw.length == 0) {
            throw new TransactionDecodingException("raw transaction is empty");
        }
        int first = raw[0] & 0xFF;
        if (first >= 0xc0) {
            return decodeLegacy(raw);
        }
        TransactionType type = TransactionType.ofTypeByte(first);
        if (type == null) {
            throw new TransactionDecodingException(first < 0x80
                    ? String.format("unknown transaction type 0x%02x; supported are 0x01 (EIP-2930), 0x02 (EIP-1559),"
                            + " 0x03 (EIP-4844), 0x04 (EIP-7702) and legacy transactions (an RLP list, 0xc0-0xff)", first)
                    : String.format("raw transaction starts with 0x%02x, an RLP string prefix; a transaction starts with"
                            + " a type byte 0x01-0x04 or, if legacy, an RLP list prefix 0xc0-0xff", first));
        }
        Fields f = new Fields(type, list(type, raw, 1));
        Signature sig;
        Transaction tx;
        try {
            switch (type) {
                case EIP2930 -> {
                    f.expectSize(8);
                    tx = new Eip2930Transaction(f.chainId(0), f.u64(1, "nonce"), f.u256(2, "gasPrice"),
                            f.u64(3, "gasLimit"), f.address(4, "to", true), f.u256(5, "value"), f.bytes(6, "data"),
                            f.accessList(7));
                    sig = f.signature(8);
                }
                case EIP1559 -> {
                    f.expectSize(9);
                    tx = new Eip1559Transaction(f.chainId(0), f.u64(1, "nonce"), f.u256(2, "maxPriorityFeePerGas"),
                            f.u256(3, "maxFeePerGas"), f.u64(4, "gasLimit"), f.address(5, "to", true),
                            f.u256(6, "value"), f.bytes(7, "data"), f.accessList(8));
                    sig = f.signature(9);
                }
                case EIP4844 -> {
                    if (BlobNetworkForm.isNetworkForm(f.list)) {
                        return decodeNetworkForm(raw, f.list);
                    }
                    f.expectSize(11);
                    tx = new Eip4844Transaction(f.chainId(0), f.u64(1, "nonce"), f.u256(2, "maxPriorityFeePerGas"),
                            f.u256(3, "maxFeePerGas"), f.u64(4, "gasLimit"), f.address(5, "to", false),
                            f.u256(6, "value"), f.bytes(7, "data"), f.accessList(8), f.u256(9, "maxFeePerBlobGas"),
                            f.hashes(10, "blobVersionedHashes"));
                    sig = f.signature(11);
                }
                case EIP7702 -> {
                    f.expectSize(10);
                    tx = new Eip7702Transaction(f.chainId(0), f.u64(1, "nonce"), f.u256(2, "maxPriorityFeePerGas"),
                            f.u256(3, "maxFeePerGas"), f.u64(4, "gasLimit"), f.address(5, "to", false),
                            f.u256(6, "value"), f.bytes(7, "data"), f.accessList(8), f.authorizations(9));
                    sig = f.signature(10);
                }
                default -> throw new IllegalStateException("unreachable: " + type);
            }
        } catch (InvalidTransactionException e) {
            throw new TransactionDecodingException("invalid " + f.typeName + " transaction: " + e.getMessage(), e);
        }
        return SignedTransaction.decoded(tx, sig, raw.clone());
    }

    /** A blob transaction with its sidecar: the canonical body decoded as usual, the sidecar beside it. */
    private static SignedTransaction decodeNetworkForm(byte[] raw, RlpList outer) {
        SignedTransaction inner = decode(BlobNetworkForm.canonical(outer));
        Eip4844Transaction tx;
        try {
            tx = ((Eip4844Transaction) inner.transaction()).withSidecar(BlobNetworkForm.sidecar(outer));
        } catch (InvalidTransactionException e) {
            throw new TransactionDecodingException("invalid EIP-4844 network form: " + e.getMessage(), e);
        }
        return SignedTransaction.decoded(tx, inner.signature(), raw.clone(), inner.canonicalBytes());
    }

    private static SignedTransaction decodeLegacy(byte[] raw) {
        Fields f = new Fields(TransactionType.LEGACY, list(TransactionType.LEGACY, raw, 0));
        f.expectSize(6);
        long v = f.u64(6, "v");
        long chainId;
        int parity;
        if (v == 27 || v == 28) {
            chainId = 0;
            parity = (int) (v - 27);
        } else if (v >= 37) {
            chainId = (v - 35) / 2;
            parity = (int) ((v - 35) % 2);
        } else {
            throw new TransactionDecodingException("legacy transaction field v (item 6) is " + v
                    + "; it must be 27 or 28, or chainId * 2 + 35 or 36 with a chain id of at least 1 (EIP-155)");
        }
        Transaction tx;
        try {
            tx = new LegacyTransaction(chainId, f.u64(0, "nonce"), f.u256(1, "gasPrice"), f.u64(2, "gasLimit"),
                    f.address(3, "to", true), f.u256(4, "value"), f.bytes(5, "data"));
        } catch (InvalidTransactionException e) {
            throw new TransactionDecodingException("invalid legacy transaction: " + e.getMessage(), e);
        }
        Signature sig = f.rs(7, parity);
        return SignedTransaction.decoded(tx, sig, raw.clone());
    }

    /** The RLP list spanning {@code raw[from..]}: canonical, with nothing after it. */
    private static RlpList list(TransactionType type, byte[] raw, int from) {
        String name = typeName(type);
        if (raw.length == from) {
            throw new TransactionDecodingException(name + " transaction has a type byte but no body");
        }
        RlpItem item;
        try {
            item = Rlp.decode(raw, from, raw.length - from);
        } catch (RlpDecodingException e) {
            throw new TransactionDecodingException("malformed RLP in " + name + " transaction"
                    + (from > 0 ? " (offsets count from the byte after the type byte)" : "") + ": " + e.getMessage(), e);
        }
        if (!item.isList()) {
            throw new TransactionDecodingException(name + " transaction body must be an RLP list, found "
                    + item.describe());
        }
        return item.asRlpList();
    }

    static String typeName(TransactionType type) {
        return switch (type) {
            case LEGACY -> "legacy";
            case EIP2930 -> "EIP-2930";
            case EIP1559 -> "EIP-1559";
            case EIP4844 -> "EIP-4844";
            case EIP7702 -> "EIP-7702";
        };
    }

    /** Reads the fields of one transaction list; every error names the type, the field and its index. */
    private static final class Fields {

        final String typeName;
        final RlpList list;

        Fields(TransactionType type, RlpList list) {
            this.typeName = typeName(type);
            this.list = list;
        }

        /** Expects {@code unsigned} fields plus the three signature fields. */
        void expectSize(int unsigned) {
            if (list.size() != unsigned + 3) {
                throw new TransactionDecodingException(typeName + " transaction must have " + (unsigned + 3)
                        + " fields (" + unsigned + " plus the signature's " + (unsigned == 6 ? "v" : "yParity")
                        + ", r, s), found " + list.size());
            }
        }

        private TransactionDecodingException error(int index, String field, String problem) {
            return new TransactionDecodingException(typeName + " transaction field " + field + " (item " + index
                    + "): " + problem);
        }

        private RlpString string(int index, String field) {
            RlpItem item = list.get(index);
            if (item.isList()) {
                throw error(index, field, "expected an RLP string, found " + item.describe());
            }
            return item.asRlpString();
        }

        long u64(int index, String field) {
            RlpString s = string(index, field);
            try {
                return s.asLong();
            } catch (RlpDecodingException e) {
                throw error(index, field, e.getMessage());
            }
        }

        long chainId(int index) {
            long id = u64(index, "chainId");
            if (id < 1 || id > Transaction.MAX_CHAIN_ID) {
                throw error(index, "chainId", "must be between 1 and " + Transaction.MAX_CHAIN_ID + ", got " + id);
            }
            return id;
        }

        BigInteger u256(int index, String field) {
            RlpString s = string(index, field);
            if (s.length() > 32) {
                throw error(index, field, "integer of " + s.length() + " bytes exceeds 256 bits");
            }
            try {
                return s.asBigInteger();
            } catch (RlpDecodingException e) {
                throw error(index, field, e.getMessage());
            }
        }

        Address address(int index, String field, boolean emptyAllowed) {
            RlpString s = string(index, field);
            if (s.length() == 0 && emptyAllowed) {
                return null;
            }
            if (s.length() != Address.LENGTH) {
                throw error(index, field, "must be a 20-byte address" + (emptyAllowed ? " or empty (contract creation)" : "")
                        + ", found " + s.describe());
            }
            return Address.fromBytes(s.asBytes());
        }

        byte[] bytes(int index, String field) {
            return string(index, field).asBytes();
        }

        List<AccessListEntry> accessList(int index) {
            RlpList entries = sublist(list.get(index), index, "accessList");
            List<AccessListEntry> out = new ArrayList<>(entries.size());
            for (int i = 0; i < entries.size(); i++) {
                String where = "accessList[" + i + "]";
                RlpList entry = sublist(entries.get(i), index, where);
                if (entry.size() != 2) {
                    throw error(index, where, "must be a list of [address, storageKeys], found " + entry.describe());
                }
                Address address = nestedAddress(entry.get(0), index, where + ".address");
                List<Hash> keys = hashList(entry.get(1), index, where + ".storageKeys");
                out.add(new AccessListEntry(address, keys));
            }
            return out;
        }

        List<Hash> hashes(int index, String field) {
            return hashList(list.get(index), index, field);
        }

        private List<Hash> hashList(RlpItem item, int index, String field) {
            RlpList hashes = sublist(item, index, field);
            List<Hash> out = new ArrayList<>(hashes.size());
            for (int k = 0; k < hashes.size(); k++) {
                RlpItem h = hashes.get(k);
                if (h.isList() || h.asRlpString().length() != Hash.LENGTH) {
                    throw error(index, field + "[" + k + "]", "must be a 32-byte hash, found " + h.describe());
                }
                out.add(Hash.wrap(h.asBytes()));
            }
            return out;
        }

        List<SignedAuthorization> authorizations(int index) {
            RlpList auths = sublist(list.get(index), index, "authorizationList");
            List<SignedAuthorization> out = new ArrayList<>(auths.size());
            for (int i = 0; i < auths.size(); i++) {
                String where = "authorizationList[" + i + "]";
                RlpList a = sublist(auths.get(i), index, where);
                if (a.size() != 6) {
                    throw error(index, where, "must be a list of [chainId, address, nonce, yParity, r, s], found "
                            + a.describe());
                }
                long chainId = nested(a.get(0), index, where + ".chainId");
                Address address = nestedAddress(a.get(1), index, where + ".address");
                long nonce = nested(a.get(2), index, where + ".nonce");
                long parity = nested(a.get(3), index, where + ".yParity");
                if (parity > 1) {
                    throw error(index, where + ".yParity", "must be 0 or 1, got " + parity);
                }
                byte[] r = word(a.get(4), index, where + ".r");
                byte[] s = word(a.get(5), index, where + ".s");
                out.add(new SignedAuthorization(Authorization.decoded(chainId, address, nonce),
                        new Signature(r, s, (int) parity)));
            }
            return out;
        }

        /** An address inside an access list or authorization: always 20 bytes, never empty. */
        private Address nestedAddress(RlpItem item, int index, String field) {
            if (item.isList() || item.asRlpString().length() != Address.LENGTH) {
                throw error(index, field, "must be a 20-byte address, found " + item.describe());
            }
            return Address.fromBytes(item.asBytes());
        }

        private long nested(RlpItem item, int index, String field) {
            if (item.isList()) {
                throw error(index, field, "expected an integer, found " + item.describe());
            }
            try {
                return item.asLong();
            } catch (RlpDecodingException e) {
                throw error(index, field, e.getMessage());
            }
        }

        private RlpList sublist(RlpItem item, int index, String field) {
            if (!item.isList()) {
                throw error(index, field, "expected an RLP list, found " + item.describe());
            }
            return item.asRlpList();
        }

        /** A canonical unsigned integer of at most 32 bytes, left-padded to 32. */
        private byte[] word(RlpItem item, int index, String field) {
            if (item.isList()) {
                throw error(index, field, "expected an integer, found " + item.describe());
            }
            RlpString s = item.asRlpString();
            if (s.length() > 32) {
                throw error(index, field, "integer of " + s.length() + " bytes exceeds 256 bits");
            }
            if (s.length() > 0 && s.byteAt(0) == 0) {
                throw error(index, field, "integer has a leading zero byte (not canonical)");
            }
            byte[] out = new byte[32];
            s.copyTo(out, 32 - s.length());
            return out;
        }

        /** The typed transactions' {@code yParity, r, s} starting at {@code index}. */
        Signature signature(int index) {
            long parity = u64(index, "yParity");
            if (parity > 1) {
                throw error(index, "yParity", "must be 0 or 1, got " + parity);
            }
            return rs(index + 1, (int) parity);
        }

        /** {@code r, s} at {@code index, index + 1}: each between 1 and n - 1. */
        Signature rs(int index, int parity) {
            byte[] r = word(list.get(index), index, "r");
            byte[] s = word(list.get(index + 1), index + 1, "s");
            if (!TxSignatures.inRange(r)) {
                throw error(index, "r", "must be between 1 and n - 1 (the secp256k1 order)");
            }
            if (!TxSignatures.inRange(s)) {
                throw error(index + 1, "s", "must be between 1 and n - 1 (the secp256k1 order)");
            }
            return new Signature(r, s, parity);
        }
    }
}
