package sh.brane.core.tx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

import sh.brane.core.crypto.PrivateKey;
import sh.brane.primitives.Hex;
import sh.brane.primitives.InvalidEncodingException;
import sh.brane.primitives.Rlp;
import sh.brane.primitives.RlpItem;
import sh.brane.primitives.RlpList;
import sh.brane.primitives.RlpString;

/** Malformed raw transactions: always a {@link TransactionDecodingException} that says what is wrong. */
class HostileRawTransactionTest {

    private static final PrivateKey KEY = RandomTransactions.keys(99, 1)[0];

    private static SignedTransaction valid(TransactionType type, long seed) {
        RandomTransactions random = new RandomTransactions(seed);
        return random.transaction(type, new PrivateKey[] {KEY}).sign(KEY);
    }

    private static void assertRejected(byte[] raw, String... messageParts) {
        assertThatThrownBy(() -> SignedTransaction.decode(raw))
                .isInstanceOf(TransactionDecodingException.class)
                .isInstanceOf(InvalidEncodingException.class)
                .satisfies(e -> {
                    for (String part : messageParts) {
                        assertThat(e.getMessage()).contains(part);
                    }
                });
    }

    /** The raw transaction with field {@code index} of its list replaced. */
    private static byte[] withField(SignedTransaction tx, int index, RlpItem replacement) {
        return rebuild(tx, items -> items.set(index, replacement));
    }

    private static byte[] rebuild(SignedTransaction tx, java.util.function.Consumer<List<RlpItem>> edit) {
        byte[] raw = tx.rawBytes();
        int from = tx.type() == TransactionType.LEGACY ? 0 : 1;
        List<RlpItem> items = new ArrayList<>(Rlp.decode(raw, from, raw.length - from).asList());
        edit.accept(items);
        byte[] body = Rlp.encode(RlpList.of(items));
        byte[] out = new byte[from + body.length];
        if (from == 1) {
            out[0] = (byte) tx.type().typeByte();
        }
        System.arraycopy(body, 0, out, from, body.length);
        return out;
    }

    private static RlpString bytes(String hex) {
        return RlpString.of(Hex.decode(hex));
    }

    @Test
    void nullAndEmpty() {
        assertRejected(null, "null");
        assertRejected(new byte[0], "empty");
        assertThatThrownBy(() -> SignedTransaction.decode("0xzz")).isInstanceOf(TransactionDecodingException.class)
                .hasMessageContaining("not hex");
    }

    @ParameterizedTest
    @ValueSource(ints = {0x00, 0x05, 0x06, 0x42, 0x7e, 0x7f})
    void unknownTypeBytes(int type) {
        assertRejected(new byte[] {(byte) type, (byte) 0xc0}, String.format("unknown transaction type 0x%02x", type),
                "0x01", "0x04");
    }

    @ParameterizedTest
    @ValueSource(ints = {0x80, 0x94, 0xb7, 0xbf})
    void stringPrefixInsteadOfTypeOrList(int first) {
        assertRejected(new byte[] {(byte) first, 1, 2}, String.format("starts with 0x%02x", first), "RLP string");
    }

    @ParameterizedTest
    @EnumSource(value = TransactionType.class, names = "LEGACY", mode = EnumSource.Mode.EXCLUDE)
    void typeByteWithoutBody(TransactionType type) {
        assertRejected(new byte[] {(byte) type.typeByte()}, "no body");
    }

    @ParameterizedTest
    @EnumSource(TransactionType.class)
    void everyTruncationIsRejected(TransactionType type) {
        byte[] raw = valid(type, 1).rawBytes();
        for (int len = 1; len < raw.length; len++) {
            byte[] cut = java.util.Arrays.copyOf(raw, len);
            assertThatThrownBy(() -> SignedTransaction.decode(cut)).as("truncated to " + len)
                    .isInstanceOf(TransactionDecodingException.class);
        }
    }

    @ParameterizedTest
    @EnumSource(TransactionType.class)
    void trailingBytesAreRejected(TransactionType type) {
        byte[] raw = valid(type, 2).rawBytes();
        byte[] longer = java.util.Arrays.copyOf(raw, raw.length + 1);
        assertRejected(longer, "malformed RLP");
    }

    @ParameterizedTest
    @EnumSource(TransactionType.class)
    void wrongFieldCounts(TransactionType type) {
        SignedTransaction tx = valid(type, 3);
        int expected = switch (type) {
            case LEGACY -> 9;
            case EIP2930 -> 11;
            case EIP1559 -> 12;
            case EIP4844 -> 14;
            case EIP7702 -> 13;
        };
        assertRejected(rebuild(tx, items -> items.remove(items.size() - 1)),
                "must have " + expected + " fields", "found " + (expected - 1));
        assertRejected(rebuild(tx, items -> items.add(RlpString.EMPTY)),
                "must have " + expected + " fields", "found " + (expected + 1));
        assertRejected(rebuild(tx, List::clear), "must have " + expected + " fields", "found 0");
    }

    @Test
    void bodyThatIsNotAList() {
        assertRejected(new byte[] {0x02, (byte) 0x82, 1, 2}, "EIP-1559", "must be an RLP list");
    }

    @Test
    void hugeDeclaredLengths() {
        assertRejected(Hex.decode("02f9ffff00"), "malformed RLP");
        assertRejected(Hex.decode("f9ffff"), "malformed RLP");
        assertRejected(Hex.decode("02fbffffffffffffffff"), "malformed RLP");
        assertRejected(Hex.decode("ffffffffffffffffff01"), "malformed RLP");
        assertRejected(Hex.decode("02c5bb7fffffff"), "malformed RLP");
    }

    @Test
    void leadingZerosInIntegers() {
        SignedTransaction tx = valid(TransactionType.EIP1559, 4);
        assertRejected(withField(tx, 1, bytes("0005")), "field nonce (item 1)", "leading zero");
        assertRejected(withField(tx, 1, bytes("00")), "field nonce (item 1)", "leading zero");
        assertRejected(withField(tx, 6, bytes("00ff")), "field value (item 6)", "leading zero");
        assertRejected(withField(tx, 10, bytes("00" + "11".repeat(31))), "field r (item 10)", "leading zero");
        SignedTransaction legacy = valid(TransactionType.LEGACY, 4);
        assertRejected(withField(legacy, 1, bytes("0001")), "legacy transaction field gasPrice (item 1)", "leading zero");
    }

    @Test
    void integersOutOfRange() {
        SignedTransaction tx = valid(TransactionType.EIP1559, 5);
        assertRejected(withField(tx, 6, bytes("01" + "00".repeat(32))), "field value (item 6)", "exceeds 256 bits");
        assertRejected(withField(tx, 1, bytes("ff".repeat(8))), "field nonce (item 1)", "does not fit a long");
        assertRejected(withField(tx, 4, bytes("01" + "00".repeat(8))), "field gasLimit (item 4)");
        assertRejected(withField(tx, 0, RlpString.EMPTY), "field chainId (item 0)", "between 1 and");
        assertRejected(withField(tx, 0, bytes("7fffffffffffffff")), "field chainId (item 0)", "between 1 and");
    }

    @Test
    void wrongShapes() {
        SignedTransaction tx = valid(TransactionType.EIP1559, 6);
        assertRejected(withField(tx, 5, bytes("11".repeat(19))), "field to (item 5)", "20-byte address", "19 bytes");
        assertRejected(withField(tx, 7, RlpList.of()), "field data (item 7)", "expected an RLP string");
        assertRejected(withField(tx, 8, RlpString.EMPTY), "field accessList (item 8)", "expected an RLP list");
        assertRejected(withField(tx, 8, RlpList.of(RlpList.of(bytes("11".repeat(20))))), "accessList[0]",
                "[address, storageKeys]");
        assertRejected(withField(tx, 8, RlpList.of(RlpList.of(bytes("11".repeat(21)), RlpList.of()))),
                "accessList[0].address", "20-byte address");
        assertRejected(withField(tx, 8, RlpList.of(RlpList.of(bytes("11".repeat(20)), RlpList.of(bytes("22".repeat(31)))))),
                "accessList[0].storageKeys[0]", "32-byte hash");
        assertRejected(withField(tx, 8, RlpList.of(RlpList.of(bytes("11".repeat(20)), RlpString.EMPTY))),
                "accessList[0].storageKeys", "expected an RLP list");
    }

    @Test
    void signatureValues() {
        SignedTransaction tx = valid(TransactionType.EIP1559, 7);
        String n = "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141";
        assertRejected(withField(tx, 9, bytes("02")), "field yParity (item 9)", "must be 0 or 1");
        assertRejected(withField(tx, 10, RlpString.EMPTY), "field r (item 10)", "between 1 and n - 1");
        assertRejected(withField(tx, 11, RlpString.EMPTY), "field s (item 11)", "between 1 and n - 1");
        assertRejected(withField(tx, 11, bytes(n)), "field s (item 11)", "between 1 and n - 1");
        assertRejected(withField(tx, 10, bytes("01" + "00".repeat(32))), "field r (item 10)", "exceeds 256 bits");
    }

    @ParameterizedTest
    @ValueSource(longs = {0, 1, 26, 29, 34, 35, 36})
    void legacyVOutOfRange(long v) {
        SignedTransaction tx = valid(TransactionType.LEGACY, 8);
        assertRejected(withField(tx, 6, RlpString.ofLong(v)), "field v (item 6) is " + v, "27 or 28", "EIP-155");
    }

    @Test
    void highSIsAcceptedButFlagged() {
        SignedTransaction tx = valid(TransactionType.EIP1559, 9);
        BigInteger n = new BigInteger("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141", 16);
        BigInteger highS = n.subtract(tx.signature().s());
        byte[] raw = rebuild(tx, items -> {
            items.set(9, RlpString.ofLong(1 - tx.signature().yParity()));
            items.set(11, RlpString.ofBigInteger(highS));
        });
        SignedTransaction decoded = SignedTransaction.decode(raw);
        assertThat(tx.hasLowS()).isTrue();
        assertThat(decoded.hasLowS()).isFalse();
        assertThat(decoded.rawBytes()).isEqualTo(raw);
        // (r, n - s) with the other parity is the same signature: the same sender
        assertThat(decoded.sender()).isEqualTo(tx.sender());
    }

    @Test
    void blobTransactionRules() {
        SignedTransaction tx = valid(TransactionType.EIP4844, 10);
        assertRejected(withField(tx, 10, RlpList.of()), "invalid EIP-4844 transaction", "at least one");
        assertRejected(withField(tx, 10, RlpList.of(bytes("02" + "11".repeat(31)))), "blobVersionedHashes[0]",
                "version byte 0x02");
        assertRejected(withField(tx, 5, RlpString.EMPTY), "field to (item 5)", "20-byte address");
        byte[] raw = tx.rawBytes();
        byte[] inner = java.util.Arrays.copyOfRange(raw, 1, raw.length);
        byte[] wrapped = Rlp.encode(RlpList.of(Rlp.decode(inner), RlpList.of(), RlpList.of(), RlpList.of()));
        byte[] network = new byte[wrapped.length + 1];
        network[0] = 3;
        System.arraycopy(wrapped, 0, network, 1, wrapped.length);
        // the network form is read now, and a sidecar without blobs is refused by name
        assertRejected(network, "network form", "at least one blob");
    }

    @Test
    void setCodeTransactionRules() {
        SignedTransaction tx = valid(TransactionType.EIP7702, 11);
        assertRejected(withField(tx, 9, RlpList.of()), "invalid EIP-7702 transaction", "at least one");
        assertRejected(withField(tx, 5, RlpString.EMPTY), "field to (item 5)", "20-byte address");
        RlpItem auth = Rlp.decode(Rlp.encode(RlpList.of(RlpString.ofLong(1), bytes("11".repeat(20)), RlpString.ofLong(0),
                RlpString.ofLong(0), RlpString.ofLong(5), RlpString.ofLong(6))));
        assertThat(SignedTransaction.decode(withField(tx, 9, RlpList.of(auth))).transaction())
                .isInstanceOf(Eip7702Transaction.class);
        assertRejected(withField(tx, 9, RlpList.of(RlpList.of(RlpString.ofLong(1)))), "authorizationList[0]",
                "[chainId, address, nonce, yParity, r, s]");
        assertRejected(withField(tx, 9, RlpList.of(RlpList.of(RlpString.ofLong(1), bytes("11".repeat(20)),
                RlpString.ofLong(0), RlpString.ofLong(2), RlpString.ofLong(5), RlpString.ofLong(6)))),
                "authorizationList[0].yParity", "must be 0 or 1");
        assertRejected(withField(tx, 9, RlpList.of(RlpList.of(bytes("0001"), bytes("11".repeat(20)),
                RlpString.ofLong(0), RlpString.ofLong(0), RlpString.ofLong(5), RlpString.ofLong(6)))),
                "authorizationList[0].chainId", "leading zero");
        assertRejected(withField(tx, 9, RlpList.of(RlpList.of(RlpString.ofLong(1), bytes("11".repeat(20)),
                RlpString.ofLong(0), RlpString.ofLong(0), bytes("00" + "05"), RlpString.ofLong(6)))),
                "authorizationList[0].r", "leading zero");
        assertRejected(withField(tx, 9, RlpList.of(RlpList.of(RlpString.ofLong(1), bytes("11".repeat(19)),
                RlpString.ofLong(0), RlpString.ofLong(0), RlpString.ofLong(5), RlpString.ofLong(6)))),
                "authorizationList[0].address", "20-byte address");
    }

    @Test
    void feeCapsOrder() {
        SignedTransaction tx = valid(TransactionType.EIP1559, 12);
        assertRejected(rebuild(tx, items -> {
            items.set(2, RlpString.ofLong(10));
            items.set(3, RlpString.ofLong(9));
        }), "invalid EIP-1559 transaction", "maxPriorityFeePerGas (10) must not exceed maxFeePerGas (9)");
    }

    /**
     * Random byte edits of valid transactions: each either fails with a TransactionDecodingException
     * or decodes to a transaction that re-encodes to exactly the edited bytes.
     */
    @ParameterizedTest
    @EnumSource(TransactionType.class)
    void randomMutations(TransactionType type) {
        Random rnd = new Random(0xF022 + type.ordinal());
        byte[] base = valid(type, 13).rawBytes();
        for (int i = 0; i < 2_000; i++) {
            byte[] raw = base.clone();
            int edits = 1 + rnd.nextInt(3);
            for (int e = 0; e < edits; e++) {
                int pos = rnd.nextInt(raw.length);
                switch (rnd.nextInt(3)) {
                    case 0 -> raw[pos] = (byte) rnd.nextInt(256);
                    case 1 -> raw = java.util.Arrays.copyOf(raw, Math.max(1, raw.length - 1 - rnd.nextInt(4)));
                    default -> raw[pos] ^= (byte) (1 << rnd.nextInt(8));
                }
            }
            try {
                SignedTransaction decoded = SignedTransaction.decode(raw);
                assertThat(decoded.rawBytes()).as("mutation %d re-encodes identically", i).isEqualTo(raw);
                SignedTransaction reencoded = SignedTransaction.of(decoded.transaction(), decoded.signature());
                assertThat(reencoded.rawBytes()).as("mutation %d", i).isEqualTo(raw);
            } catch (TransactionDecodingException expected) {
                assertThat(expected.getMessage()).isNotBlank();
            } catch (RuntimeException other) {
                fail("mutation " + i + " of " + type + " (" + Hex.encode(raw) + ") threw " + other, other);
            }
        }
    }
}
