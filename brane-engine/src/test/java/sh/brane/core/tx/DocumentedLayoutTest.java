package sh.brane.core.tx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;

import sh.brane.core.crypto.PrivateKey;
import sh.brane.core.crypto.Secp256k1;
import sh.brane.core.crypto.Signature;
import sh.brane.core.crypto.SignatureException;
import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;
import sh.brane.primitives.Hex;
import sh.brane.primitives.Keccak256;
import sh.brane.primitives.Rlp;
import sh.brane.primitives.RlpItem;
import sh.brane.primitives.RlpList;
import sh.brane.primitives.RlpString;

/**
 * Every type, including what web3j cannot build (blob and EIP-7702 transactions with access lists),
 * against the layout its EIP documents, built as a plain RLP item tree with the generic encoder
 * (an independent path from the two-pass transaction encoder), and hashed by hand.
 */
class DocumentedLayoutTest {

    private static final PrivateKey[] KEYS = RandomTransactions.keys(7702, 4);
    private static final int CASES = 300;

    @ParameterizedTest
    @EnumSource(TransactionType.class)
    void signingPayloadEnvelopeAndHashFollowTheEip(TransactionType type) {
        for (int i = 0; i < CASES; i++) {
            long seed = 4844L * 1_000 + type.ordinal() * 10_000L + i;
            RandomTransactions random = new RandomTransactions(seed);
            Transaction tx = random.transaction(type, KEYS);
            PrivateKey key = KEYS[random.random().nextInt(KEYS.length)];
            String ctx = "seed " + seed + ": " + tx;

            List<RlpItem> fields = fields(tx);
            byte[] expectedPayload;
            if (tx instanceof LegacyTransaction l && l.isReplayProtected()) {
                List<RlpItem> eip155 = new ArrayList<>(fields);
                eip155.add(RlpString.ofLong(l.chainId()));
                eip155.add(RlpString.EMPTY);
                eip155.add(RlpString.EMPTY);
                expectedPayload = typed(tx, Rlp.encode(RlpList.of(eip155)));
            } else {
                expectedPayload = typed(tx, Rlp.encode(RlpList.of(fields)));
            }
            assertThat(Hex.encode(tx.signingPayload())).as(ctx).isEqualTo(Hex.encode(expectedPayload));
            assertThat(tx.signingHash().toBytes()).as(ctx).isEqualTo(Keccak256.hash(expectedPayload));

            SignedTransaction signed = tx.sign(key);
            Signature sig = signed.signature();
            long v = switch (tx) {
                case LegacyTransaction l -> l.isReplayProtected() ? l.chainId() * 2 + 35 + sig.yParity() : 27 + sig.yParity();
                default -> sig.yParity();
            };
            assertThat(signed.v()).as(ctx).isEqualTo(v);
            List<RlpItem> signedFields = new ArrayList<>(fields);
            signedFields.add(RlpString.ofLong(v));
            signedFields.add(RlpString.ofBigInteger(sig.r()));
            signedFields.add(RlpString.ofBigInteger(sig.s()));
            byte[] expectedRaw = typed(tx, Rlp.encode(RlpList.of(signedFields)));
            assertThat(Hex.encode(signed.rawBytes())).as(ctx).isEqualTo(Hex.encode(expectedRaw));
            assertThat(signed.encodedLength()).isEqualTo(expectedRaw.length);
            assertThat(signed.hash().toBytes()).as(ctx).isEqualTo(Keccak256.hash(expectedRaw));
            assertThat(Secp256k1.recoverAddress(Keccak256.hash(expectedPayload), sig)).isEqualTo(key.address());

            SignedTransaction decoded = SignedTransaction.decode(expectedRaw);
            assertThat(decoded.transaction()).as(ctx).isEqualTo(tx);
            assertThat(decoded.transaction().hashCode()).isEqualTo(tx.hashCode());
            assertThat(decoded.rawBytes()).as(ctx).isEqualTo(expectedRaw);
            assertThat(decoded.sender()).as(ctx).isEqualTo(key.address());
            byte[] copy = new byte[decoded.encodedLength() + 3];
            decoded.copyRawTo(copy, 3);
            assertThat(java.util.Arrays.copyOfRange(copy, 3, copy.length)).isEqualTo(expectedRaw);
        }
    }

    private static byte[] typed(Transaction tx, byte[] rlp) {
        if (tx.type() == TransactionType.LEGACY) {
            return rlp;
        }
        byte[] out = new byte[rlp.length + 1];
        out[0] = (byte) tx.type().typeByte();
        System.arraycopy(rlp, 0, out, 1, rlp.length);
        return out;
    }

    /** The unsigned fields exactly as each EIP lists them. */
    private static List<RlpItem> fields(Transaction tx) {
        RlpItem nonce = RlpString.ofLong(tx.nonce());
        RlpItem gas = RlpString.ofLong(tx.gasLimit());
        RlpItem to = tx.to() == null ? RlpString.EMPTY : RlpString.of(tx.to().toBytes());
        RlpItem value = RlpString.ofBigInteger(tx.value());
        RlpItem data = RlpString.of(tx.data());
        RlpItem chainId = RlpString.ofLong(tx.chainId());
        return switch (tx) {
            case LegacyTransaction t -> List.of(nonce, RlpString.ofBigInteger(t.gasPrice()), gas, to, value, data);
            case Eip2930Transaction t -> List.of(chainId, nonce, RlpString.ofBigInteger(t.gasPrice()), gas, to, value,
                    data, accessList(t.accessList()));
            case Eip1559Transaction t -> List.of(chainId, nonce, RlpString.ofBigInteger(t.maxPriorityFeePerGas()),
                    RlpString.ofBigInteger(t.maxFeePerGas()), gas, to, value, data, accessList(t.accessList()));
            case Eip4844Transaction t -> List.of(chainId, nonce, RlpString.ofBigInteger(t.maxPriorityFeePerGas()),
                    RlpString.ofBigInteger(t.maxFeePerGas()), gas, to, value, data, accessList(t.accessList()),
                    RlpString.ofBigInteger(t.maxFeePerBlobGas()), hashes(t.blobVersionedHashes()));
            case Eip7702Transaction t -> List.of(chainId, nonce, RlpString.ofBigInteger(t.maxPriorityFeePerGas()),
                    RlpString.ofBigInteger(t.maxFeePerGas()), gas, to, value, data, accessList(t.accessList()),
                    authorizations(t.authorizationList()));
        };
    }

    private static RlpList accessList(List<AccessListEntry> list) {
        List<RlpItem> out = new ArrayList<>();
        for (AccessListEntry e : list) {
            out.add(RlpList.of(RlpString.of(e.address().toBytes()), hashes(e.storageKeys())));
        }
        return RlpList.of(out);
    }

    private static RlpList hashes(List<Hash> hashes) {
        List<RlpItem> out = new ArrayList<>();
        for (Hash h : hashes) {
            out.add(RlpString.of(h.toBytes()));
        }
        return RlpList.of(out);
    }

    private static RlpList authorizations(List<SignedAuthorization> list) {
        List<RlpItem> out = new ArrayList<>();
        for (SignedAuthorization a : list) {
            out.add(RlpList.of(RlpString.ofLong(a.chainId()), RlpString.of(a.address().toBytes()),
                    RlpString.ofLong(a.nonce()), RlpString.ofLong(a.signature().yParity()),
                    RlpString.ofBigInteger(a.signature().r()), RlpString.ofBigInteger(a.signature().s())));
        }
        return RlpList.of(out);
    }

    @Test
    void authorizationSigningHashAndAuthority() {
        PrivateKey authority = KEYS[0];
        Address delegate = Address.of("0x63c0c19a282a1b52b07dd5a65b58948a07dae32b");
        for (long chainId : new long[] {0, 1, 17000, Long.MAX_VALUE}) {
            for (long nonce : new long[] {0, 1, 127, 128, Long.MAX_VALUE}) {
                Authorization auth = chainId == 0 ? Authorization.forEveryChain(delegate, nonce)
                        : new Authorization(chainId, delegate, nonce);
                byte[] rlp = Rlp.encode(RlpList.of(RlpString.ofLong(chainId), RlpString.of(delegate.toBytes()),
                        RlpString.ofLong(nonce)));
                byte[] expected = new byte[rlp.length + 1];
                expected[0] = 0x05;
                System.arraycopy(rlp, 0, expected, 1, rlp.length);
                assertThat(auth.signingPayload()).isEqualTo(expected);
                assertThat(auth.signingHash().toBytes()).isEqualTo(Keccak256.hash(expected));
                SignedAuthorization signed = auth.sign(authority);
                assertThat(signed.signature()).isEqualTo(authority.signHash(Keccak256.hash(expected)));
                assertThat(signed.recoverAuthority()).isEqualTo(authority.address());
            }
        }
    }

    @Test
    void authorizationWithHighSHasNoAuthority() {
        Authorization auth = new Authorization(1, Address.of("0x63c0c19a282a1b52b07dd5a65b58948a07dae32b"), 3);
        Signature low = auth.sign(KEYS[1]).signature();
        BigInteger n = new BigInteger("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141", 16);
        SignedAuthorization high = new SignedAuthorization(auth, Signature.of(low.r(), n.subtract(low.s()),
                1 - low.yParity()));
        assertThatThrownBy(high::recoverAuthority).isInstanceOf(SignatureException.class)
                .hasMessageContaining("s above n/2");
    }
}
