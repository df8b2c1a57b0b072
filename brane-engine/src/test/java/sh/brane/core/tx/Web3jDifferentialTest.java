package sh.brane.core.tx;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

import org.apache.tuweni.bytes.Bytes;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.web3j.crypto.AccessListObject;
import org.web3j.crypto.AuthorizationTuple;
import org.web3j.crypto.Credentials;
import org.web3j.crypto.RawTransaction;
import org.web3j.crypto.SignedRawTransaction;
import org.web3j.crypto.TransactionEncoder;
import org.web3j.crypto.transaction.type.Transaction1559;
import org.web3j.crypto.transaction.type.Transaction2930;
import org.web3j.crypto.transaction.type.Transaction4844;
import org.web3j.crypto.transaction.type.Transaction7702;
import org.web3j.utils.Numeric;

import sh.brane.core.crypto.PrivateKey;
import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;
import sh.brane.primitives.Hex;
import sh.brane.primitives.Keccak256;
import sh.brane.primitives.Rlp;
import sh.brane.primitives.RlpList;

/**
 * Every transaction type against web3j 5.0.2 on 1,000 random transactions each (legacy: 1,000 with
 * and without EIP-155 mixed): signing payload, signed envelope and hash byte-identical; web3j
 * decodes ours to the same fields and sender; we decode web3j's to the same transaction.
 */
class Web3jDifferentialTest {

    private static final long SEED = 0x7A_B2A4EL;
    private static final int CASES = 1_000;
    private static final PrivateKey[] KEYS = RandomTransactions.keys(SEED, 6);
    private static final Credentials[] CREDENTIALS = new Credentials[KEYS.length];

    static {
        for (int i = 0; i < KEYS.length; i++) {
            CREDENTIALS[i] = Credentials.create(Hex.encode(KEYS[i].toBytes()));
        }
    }

    @ParameterizedTest
    @EnumSource(TransactionType.class)
    void matchesWeb3j(TransactionType type) throws Exception {
        int legacyUnprotected = 0;
        for (int i = 0; i < CASES; i++) {
            long caseSeed = SEED * 31 + type.ordinal() * 1_000_003L + i;
            RandomTransactions random = new RandomTransactions(caseSeed);
            random.web3jCompatible = true;
            Transaction tx = random.transaction(type, KEYS);
            int k = random.random().nextInt(KEYS.length);
            String ctx = "type " + type + ", case " + i + " (seed " + caseSeed + "): " + tx;
            if (tx instanceof LegacyTransaction l && !l.isReplayProtected()) {
                legacyUnprotected++;
            }
            checkOne(tx, KEYS[k], CREDENTIALS[k], ctx);
        }
        if (type == TransactionType.LEGACY) {
            assertThat(legacyUnprotected).as("both legacy forms covered").isBetween(100, 900);
        }
    }

    private static void checkOne(Transaction tx, PrivateKey key, Credentials creds, String ctx) throws Exception {
        RawTransaction theirs = toWeb3j(tx);
        long legacyChainId = tx instanceof LegacyTransaction l && l.isReplayProtected() ? l.chainId() : -1;

        byte[] theirPayload = legacyChainId > 0 ? TransactionEncoder.encode(theirs, legacyChainId)
                : TransactionEncoder.encode(theirs);
        assertThat(Hex.encode(tx.signingPayload())).as("signing payload, " + ctx).isEqualTo(Hex.encode(theirPayload));
        assertThat(tx.signingHash().toBytes()).as("signing hash, " + ctx).isEqualTo(Keccak256.hash(theirPayload));

        SignedTransaction signed = tx.sign(key);
        byte[] theirSigned = legacyChainId > 0 ? TransactionEncoder.signMessage(theirs, legacyChainId, creds)
                : TransactionEncoder.signMessage(theirs, creds);
        if (tx instanceof Eip4844Transaction) {
            theirSigned = unwrapBlobNetworkForm(theirSigned);
        }
        assertThat(signed.toHex()).as("signed envelope, " + ctx).isEqualTo(Hex.encode(theirSigned));
        assertThat(signed.hash().toBytes()).as("hash, " + ctx).isEqualTo(Keccak256.hash(theirSigned));

        // web3j decodes ours
        RawTransaction decodedByThem = org.web3j.crypto.TransactionDecoder.decode(signed.toHex());
        assertThat(decodedByThem).as(ctx).isInstanceOf(SignedRawTransaction.class);
        assertThat(((SignedRawTransaction) decodedByThem).getFrom()).as("web3j sender, " + ctx)
                .isEqualToIgnoringCase(key.address().toHex());
        assertSameFields(tx, decodedByThem, ctx);

        // we decode theirs
        SignedTransaction decodedByUs = SignedTransaction.decode(theirSigned);
        assertThat(decodedByUs.transaction()).as("decoded transaction, " + ctx).isEqualTo(tx);
        assertThat(decodedByUs).as(ctx).isEqualTo(signed);
        assertThat(decodedByUs.rawBytes()).as("re-encoding, " + ctx).isEqualTo(theirSigned);
        assertThat(decodedByUs.v()).as(ctx).isEqualTo(signed.v());
        assertThat(decodedByUs.sender()).as("sender, " + ctx).isEqualTo(key.address());
        assertThat(decodedByUs.hash()).as(ctx).isEqualTo(signed.hash());
    }

    /**
     * web3j signs a blob transaction into the network form {@code 0x03 || rlp([tx, blobs,
     * commitments, proofs])} even without blobs; the transaction proper (what blocks hold and
     * what is hashed) is {@code 0x03 || rlp(tx)}.
     */
    static byte[] unwrapBlobNetworkForm(byte[] wrapped) {
        RlpList outer = Rlp.decode(wrapped, 1, wrapped.length - 1).asRlpList();
        assertThat(outer.size()).isEqualTo(4);
        for (int i = 1; i < 4; i++) {
            assertThat(outer.get(i).asList()).as("web3j sidecar list " + i).isEmpty();
        }
        byte[] inner = Rlp.encode(outer.get(0));
        byte[] out = new byte[1 + inner.length];
        out[0] = 0x03;
        System.arraycopy(inner, 0, out, 1, inner.length);
        return out;
    }

    static RawTransaction toWeb3j(Transaction tx) {
        BigInteger nonce = BigInteger.valueOf(tx.nonce());
        BigInteger gas = BigInteger.valueOf(tx.gasLimit());
        String to = tx.to() == null ? null : tx.to().toHex();
        String data = Numeric.toHexString(tx.data());
        return switch (tx) {
            case LegacyTransaction t -> RawTransaction.createTransaction(nonce, t.gasPrice(), gas, to, t.value(), data);
            case Eip2930Transaction t -> RawTransaction.createTransaction(t.chainId(), nonce, t.gasPrice(), gas, to,
                    t.value(), data, accessList(t.accessList()));
            case Eip1559Transaction t -> RawTransaction.createTransaction(t.chainId(), nonce, gas, to, t.value(), data,
                    t.maxPriorityFeePerGas(), t.maxFeePerGas(), accessList(t.accessList()));
            case Eip4844Transaction t -> {
                if (!t.accessList().isEmpty()) {
                    throw new IllegalArgumentException("web3j 5.0.2 cannot build a blob transaction with an access list");
                }
                List<Bytes> hashes = new ArrayList<>();
                for (Hash h : t.blobVersionedHashes()) {
                    hashes.add(Bytes.wrap(h.toBytes()));
                }
                yield RawTransaction.createTransaction(t.chainId(), nonce, t.maxPriorityFeePerGas(), t.maxFeePerGas(),
                        gas, to, t.value(), data, t.maxFeePerBlobGas(), hashes);
            }
            case Eip7702Transaction t -> {
                List<AuthorizationTuple> auths = new ArrayList<>();
                for (SignedAuthorization a : t.authorizationList()) {
                    auths.add(new AuthorizationTuple(BigInteger.valueOf(a.chainId()), a.address().toHex(),
                            BigInteger.valueOf(a.nonce()), BigInteger.valueOf(a.signature().yParity()),
                            a.signature().r(), a.signature().s()));
                }
                yield RawTransaction.createTransaction(t.chainId(), nonce, t.maxPriorityFeePerGas(), t.maxFeePerGas(),
                        gas, to, t.value(), data, accessList(t.accessList()), auths);
            }
        };
    }

    private static List<AccessListObject> accessList(List<AccessListEntry> list) {
        List<AccessListObject> out = new ArrayList<>();
        for (AccessListEntry e : list) {
            List<String> keys = new ArrayList<>();
            for (Hash k : e.storageKeys()) {
                keys.add(k.toHex());
            }
            out.add(new AccessListObject(e.address().toHex(), keys));
        }
        return out;
    }

    private static void assertSameFields(Transaction tx, RawTransaction theirs, String ctx) {
        assertThat(theirs.getNonce()).as("nonce, " + ctx).isEqualTo(BigInteger.valueOf(tx.nonce()));
        assertThat(theirs.getGasLimit()).as("gasLimit, " + ctx).isEqualTo(BigInteger.valueOf(tx.gasLimit()));
        assertThat(theirs.getValue()).as("value, " + ctx).isEqualTo(tx.value());
        assertThat(Numeric.hexStringToByteArray(theirs.getData())).as("data, " + ctx).isEqualTo(tx.data());
        String theirTo = theirs.getTo();
        if (tx.to() == null) {
            assertThat(theirTo == null || theirTo.isEmpty() || theirTo.equals("0x")).as("to, " + ctx).isTrue();
        } else {
            assertThat(Address.of(theirTo.toLowerCase())).as("to, " + ctx).isEqualTo(tx.to());
        }
        switch (tx) {
            case LegacyTransaction t -> assertThat(theirs.getGasPrice()).as(ctx).isEqualTo(t.gasPrice());
            case Eip2930Transaction t -> {
                Transaction2930 w = (Transaction2930) theirs.getTransaction();
                assertThat(w.getChainId()).as(ctx).isEqualTo(t.chainId());
                assertThat(w.getGasPrice()).as(ctx).isEqualTo(t.gasPrice());
                assertThat(w.getAccessList()).as(ctx).isEqualTo(accessList(t.accessList()));
            }
            case Eip1559Transaction t -> {
                Transaction1559 w = (Transaction1559) theirs.getTransaction();
                assertThat(w.getChainId()).as(ctx).isEqualTo(t.chainId());
                assertThat(w.getMaxPriorityFeePerGas()).as(ctx).isEqualTo(t.maxPriorityFeePerGas());
                assertThat(w.getMaxFeePerGas()).as(ctx).isEqualTo(t.maxFeePerGas());
                assertThat(w.getAccessList()).as(ctx).isEqualTo(accessList(t.accessList()));
            }
            case Eip4844Transaction t -> {
                Transaction4844 w = (Transaction4844) theirs.getTransaction();
                assertThat(w.getChainId()).as(ctx).isEqualTo(t.chainId());
                assertThat(w.getMaxFeePerBlobGas()).as(ctx).isEqualTo(t.maxFeePerBlobGas());
                List<String> hashes = new ArrayList<>();
                for (Bytes b : w.getVersionedHashes()) {
                    hashes.add(Hex.encode(b.toArrayUnsafe()));
                }
                assertThat(hashes).as(ctx).isEqualTo(t.blobVersionedHashes().stream().map(Hash::toHex).toList());
            }
            case Eip7702Transaction t -> {
                Transaction7702 w = (Transaction7702) theirs.getTransaction();
                assertThat(w.getChainId()).as(ctx).isEqualTo(t.chainId());
                assertThat(w.getAuthorizationList()).as(ctx).hasSize(t.authorizationList().size());
                for (int i = 0; i < t.authorizationList().size(); i++) {
                    SignedAuthorization a = t.authorizationList().get(i);
                    AuthorizationTuple b = w.getAuthorizationList().get(i);
                    assertThat(b.getChainId()).as(ctx).isEqualTo(BigInteger.valueOf(a.chainId()));
                    assertThat(b.getAddress()).as(ctx).isEqualToIgnoringCase(a.address().toHex());
                    assertThat(b.getNonce()).as(ctx).isEqualTo(BigInteger.valueOf(a.nonce()));
                    assertThat(b.getYParity()).as(ctx).isEqualTo(BigInteger.valueOf(a.signature().yParity()));
                    assertThat(b.getR()).as(ctx).isEqualTo(a.signature().r());
                    assertThat(b.getS()).as(ctx).isEqualTo(a.signature().s());
                }
            }
        }
    }
}
