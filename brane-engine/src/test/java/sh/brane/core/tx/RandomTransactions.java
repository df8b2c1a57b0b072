package sh.brane.core.tx;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import sh.brane.core.crypto.PrivateKey;
import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;

/** Random but reproducible transaction fields that hit RLP's length boundaries often. */
final class RandomTransactions {

    private final Random rnd;
    /**
     * web3j 5.0.2 cannot put an access list on a blob transaction and drops the one of an EIP-7702
     * transaction; the differential test turns them off for those two types.
     */
    boolean web3jCompatible;

    RandomTransactions(long seed) {
        this.rnd = new Random(seed);
    }

    Random random() {
        return rnd;
    }

    /** 0, one byte below/above 0x80, or up to 8, 64 or 256 bits. */
    BigInteger uint256() {
        return switch (rnd.nextInt(6)) {
            case 0 -> BigInteger.ZERO;
            case 1 -> BigInteger.valueOf(rnd.nextInt(256));
            case 2 -> new BigInteger(1 + rnd.nextInt(64), rnd);
            case 3 -> BigInteger.ONE.shiftLeft(256).subtract(BigInteger.ONE);
            default -> new BigInteger(1 + rnd.nextInt(256), rnd);
        };
    }

    /** A fee pair with priority fee <= max fee. */
    BigInteger[] feeCaps() {
        BigInteger a = uint256();
        BigInteger b = uint256();
        return a.compareTo(b) <= 0 ? new BigInteger[] {a, b} : new BigInteger[] {b, a};
    }

    /** A non-negative long of random bit length (0 to 63 bits). */
    long u63() {
        int bits = rnd.nextInt(64);
        return bits == 0 ? 0 : rnd.nextLong() >>> (64 - bits);
    }

    long chainId() {
        return switch (rnd.nextInt(4)) {
            case 0 -> 1;
            case 1 -> 1 + rnd.nextInt(200);
            case 2 -> Transaction.MAX_CHAIN_ID;
            default -> 1 + (u63() % Transaction.MAX_CHAIN_ID);
        };
    }

    byte[] data() {
        int len = switch (rnd.nextInt(7)) {
            case 0 -> 0;
            case 1, 2 -> 1;
            case 3 -> 55;
            case 4 -> 56;
            default -> rnd.nextInt(400);
        };
        byte[] out = new byte[len];
        rnd.nextBytes(out);
        return out;
    }

    Address address() {
        byte[] b = new byte[20];
        rnd.nextBytes(b);
        if (rnd.nextInt(10) == 0) {
            b[0] = 0; // leading zero bytes must survive (addresses are fixed-width, not integers)
        }
        return Address.fromBytes(b);
    }

    Hash hash() {
        byte[] b = new byte[32];
        rnd.nextBytes(b);
        return Hash.wrap(b);
    }

    Hash versionedHash() {
        byte[] b = new byte[32];
        rnd.nextBytes(b);
        b[0] = 0x01;
        return Hash.wrap(b);
    }

    List<AccessListEntry> accessList() {
        int n = rnd.nextInt(4);
        List<AccessListEntry> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int keys = rnd.nextInt(4);
            List<Hash> k = new ArrayList<>();
            for (int j = 0; j < keys; j++) {
                k.add(hash());
            }
            out.add(new AccessListEntry(address(), k));
        }
        return out;
    }

    List<Hash> versionedHashes() {
        int n = 1 + rnd.nextInt(6);
        List<Hash> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(versionedHash());
        }
        return out;
    }

    List<SignedAuthorization> authorizations(PrivateKey[] keys) {
        int n = 1 + rnd.nextInt(3);
        List<SignedAuthorization> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            long chainId = rnd.nextInt(3) == 0 ? 0 : chainId();
            Authorization auth = chainId == 0 ? Authorization.forEveryChain(address(), u63())
                    : new Authorization(chainId, address(), u63());
            out.add(auth.sign(keys[rnd.nextInt(keys.length)]));
        }
        return out;
    }

    boolean oneIn(int n) {
        return rnd.nextInt(n) == 0;
    }

    static PrivateKey[] keys(long seed, int n) {
        Random r = new Random(seed);
        PrivateKey[] keys = new PrivateKey[n];
        for (int i = 0; i < n; i++) {
            byte[] b = new byte[32];
            r.nextBytes(b);
            b[0] &= 0x7f; // below the curve order
            b[31] |= 1;   // never zero
            keys[i] = PrivateKey.fromBytes(b);
        }
        return keys;
    }

    /** One random transaction of {@code type}, valid for every field. */
    Transaction transaction(TransactionType type, PrivateKey[] authKeys) {
        switch (type) {
            case LEGACY -> {
                LegacyTransaction.Builder b = LegacyTransaction.builder();
                if (oneIn(3)) {
                    b.withoutReplayProtection();
                } else {
                    b.chainId(chainId());
                }
                b.nonce(u63()).gasPrice(uint256()).gasLimit(u63()).value(uint256()).data(data());
                return (oneIn(8) ? b.contractCreation() : b.to(address())).build();
            }
            case EIP2930 -> {
                Eip2930Transaction.Builder b = Eip2930Transaction.builder().chainId(chainId()).nonce(u63())
                        .gasPrice(uint256()).gasLimit(u63()).value(uint256()).data(data()).accessList(accessList());
                return (oneIn(8) ? b.contractCreation() : b.to(address())).build();
            }
            case EIP1559 -> {
                BigInteger[] fees = feeCaps();
                Eip1559Transaction.Builder b = Eip1559Transaction.builder().chainId(chainId()).nonce(u63())
                        .maxPriorityFeePerGas(fees[0]).maxFeePerGas(fees[1]).gasLimit(u63()).value(uint256())
                        .data(data()).accessList(accessList());
                return (oneIn(8) ? b.contractCreation() : b.to(address())).build();
            }
            case EIP4844 -> {
                BigInteger[] fees = feeCaps();
                return Eip4844Transaction.builder().chainId(chainId()).nonce(u63()).maxPriorityFeePerGas(fees[0])
                        .maxFeePerGas(fees[1]).gasLimit(u63()).to(address()).value(uint256()).data(data())
                        .accessList(web3jCompatible ? List.of() : accessList()).maxFeePerBlobGas(uint256()).blobVersionedHashes(versionedHashes())
                        .build();
            }
            case EIP7702 -> {
                BigInteger[] fees = feeCaps();
                return Eip7702Transaction.builder().chainId(chainId()).nonce(u63()).maxPriorityFeePerGas(fees[0])
                        .maxFeePerGas(fees[1]).gasLimit(u63()).to(address()).value(uint256()).data(data())
                        .accessList(web3jCompatible ? List.of() : accessList()).authorizationList(authorizations(authKeys)).build();
            }
            default -> throw new IllegalArgumentException(type.toString());
        }
    }
}
