package sh.brane.security;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import sh.brane.core.abi.AbiDecoder;
import sh.brane.core.abi.AbiDecodingException;
import sh.brane.core.abi.AbiParseException;
import sh.brane.core.abi.AbiType;
import sh.brane.core.crypto.Keystore;
import sh.brane.core.crypto.KeystoreException;
import sh.brane.core.crypto.PrivateKey;
import sh.brane.core.crypto.TypedData;
import sh.brane.core.crypto.TypedDataException;
import sh.brane.core.tx.SignedTransaction;
import sh.brane.core.tx.TransactionDecodingException;
import sh.brane.primitives.Hex;
import sh.brane.primitives.Rlp;
import sh.brane.primitives.RlpDecodingException;

/**
 * Sizes read from the input (RLP lengths, ABI offsets and lengths, fixed array sizes, nesting depth,
 * keystore KDF costs, document sizes) that claim far more than is there, or more than is sane: each is
 * rejected with the parser's typed exception, and never by allocating what the input asked for (the
 * test JVM would run out of memory) or recursing until the stack overflows. The class-level timeout is
 * only a hang guard, far above the milliseconds these take.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class HostileSizesTest {

    // ---------------------------------------------------------------- RLP

    @Test
    void rlpLengthsBeyondTheInput() {
        for (String hex : List.of(
                "bf4000000000000000",          // string of 2^62 bytes
                "bf7fffffffffffffff01",        // string of 2^63-1 bytes
                "bfffffffffffffffff",          // 2^64-1: negative as a long
                "ff7fffffffffffffff",          // list of 2^63-1 bytes
                "bb7fffffff",                  // string of 2^31-1 bytes, 0 present
                "fb7fffffffc0",                // list of 2^31-1 bytes, 1 present
                "b9ffff00")) {                 // 65535 bytes claimed, 1 present
            assertThatThrownBy(() -> Rlp.decode(Hex.decode(hex))).as(hex)
                    .isInstanceOf(RlpDecodingException.class).hasMessageContaining("offset 0");
        }
    }

    @Test
    void rlpNestingTooDeep() {
        byte[] nested = nestedLists(100_000);
        assertThatThrownBy(() -> Rlp.decode(nested)).isInstanceOf(RlpDecodingException.class)
                .hasMessageContaining("deep");
    }

    /** {@code depth} lists, each holding the next; innermost empty. */
    private static byte[] nestedLists(int depth) {
        byte[] item = {(byte) 0xc0};
        for (int i = 1; i < depth; i++) {
            item = Rlp.encodeList(item);
        }
        return item;
    }

    @Test
    void rawTransactionClaimingHugeLists() {
        for (String hex : List.of("02ff00000100000000000000", "01fb7fffffff", "f9ffff", "03c0", "04ffffffffffffffffff")) {
            assertThatThrownBy(() -> SignedTransaction.decode(Hex.decode(hex))).as(hex)
                    .isInstanceOf(TransactionDecodingException.class);
        }
    }

    // ---------------------------------------------------------------- ABI

    @Test
    void abiLengthsAndOffsetsBeyondTheData() {
        String word1 = "0000000000000000000000000000000000000000000000000000000000000020";
        String huge = "8000000000000000000000000000000000000000000000000000000000000000";
        String max31 = "000000000000000000000000000000000000000000000000000000007fffffff";
        String maxLong = "0000000000000000000000000000000000000000000000007fffffffffffffff";
        for (String[] c : new String[][] {
            {"(uint256[])", word1 + huge},        // array length 2^255
            {"(uint256[])", word1 + max31},       // 2^31-1 elements, none present
            {"(bytes)", word1 + maxLong},         // 2^63-1 bytes
            {"(string)", word1 + max31},
            {"(bytes)", huge},                    // offset 2^255
            {"(uint256[][])", word1 + max31},     // 2^31-1 offsets to read
            {"(string[])", word1 + "0000000000000000000000000000000000000000000000000000000000100000"},
        }) {
            assertThatThrownBy(() -> AbiDecoder.decode(c[0], Hex.decode(c[1]))).as(c[0] + " " + c[1])
                    .isInstanceOf(AbiDecodingException.class);
        }
    }

    @Test
    void abiFixedArraysLargerThanTheData() {
        byte[] data = new byte[64];
        for (String type : List.of("(uint256[1000000000])", "(uint256[65536][65536])", "((uint256,bytes32)[2147483647])",
                "(bool[4294967295])")) {
            assertThatThrownBy(() -> AbiDecoder.decode(type, data)).as(type)
                    .isInstanceOfAny(AbiDecodingException.class, AbiParseException.class);
        }
    }

    @Test
    void abiTypesNestedTooDeep() {
        String deepTuple = "(".repeat(100_000) + "uint256" + ")".repeat(100_000);
        String deepArray = "uint256" + "[]".repeat(100_000);
        for (String type : List.of(deepTuple, deepArray)) {
            assertThatThrownBy(() -> AbiType.parse(type)).isInstanceOf(AbiParseException.class);
        }
    }

    @Test
    void abiAliasedOffsetsCannotMultiplyWork() {
        // a uint256[][] of 1,000 inner arrays whose offsets all point at the same 1,000-element array: a
        // naive decoder builds 10^6 values from 64 KB; the decoder's value budget stops it
        int n = 1000;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(word(32));
        out.writeBytes(word(n));
        for (int i = 0; i < n; i++) {
            out.writeBytes(word(32L * n)); // every inner offset: right after the offset table
        }
        out.writeBytes(word(n));
        for (int i = 0; i < n; i++) {
            out.writeBytes(word(i));
        }
        byte[] data = out.toByteArray();
        assertThatThrownBy(() -> AbiDecoder.decode("(uint256[][])", data)).isInstanceOf(AbiDecodingException.class);
    }

    private static byte[] word(long v) {
        byte[] w = new byte[32];
        for (int i = 0; i < 8; i++) {
            w[31 - i] = (byte) (v >>> (8 * i));
        }
        return w;
    }

    // ---------------------------------------------------------------- keystore

    private static final String KEYSTORE = Keystore.encrypt(
            PrivateKey.fromHex("4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318"),
            "pw".toCharArray(), Keystore.Kdf.weakForTests(new Keystore.Kdf.Scrypt(16, 8, 1)), new SecureRandom());

    @Test
    void keystoreKdfCostsAboveTheLimits() {
        for (String[] c : new String[][] {
            {"\"n\":16", "\"n\":1073741824"},                 // scrypt N = 2^30: 1 TiB with r = 8
            {"\"n\":16", "\"n\":2147483648"},                 // beyond an int
            {"\"n\":16", "\"n\":1e300"},
            {"\"n\":16", "\"n\":17"},                         // not a power of two
            {"\"r\":8", "\"r\":2147483647"},
            {"\"p\":1", "\"p\":2147483647"},
            {"\"dklen\":32", "\"dklen\":2147483647"},
        }) {
            String hostile = KEYSTORE.replace(c[0], c[1]);
            assertThatThrownBy(() -> Keystore.decrypt(hostile, "pw".toCharArray())).as(c[1])
                    .isInstanceOf(KeystoreException.class);
        }
        String pbkdf2 = "{\"version\":3,\"crypto\":{\"cipher\":\"aes-128-ctr\",\"cipherparams\":{\"iv\":\"" + "00".repeat(16)
                + "\"},\"ciphertext\":\"" + "00".repeat(32) + "\",\"kdf\":\"pbkdf2\",\"kdfparams\":{\"c\":2147483647,"
                + "\"dklen\":32,\"prf\":\"hmac-sha256\",\"salt\":\"" + "00".repeat(32) + "\"},\"mac\":\"" + "00".repeat(32) + "\"}}";
        assertThatThrownBy(() -> Keystore.decrypt(pbkdf2, "pw".toCharArray())).isInstanceOf(KeystoreException.class)
                .hasMessageContaining("2147483647");
    }

    /** Found by KeystoreFuzzTest: Jackson 3's intValue() threw JsonNodeException on a version beyond an int. */
    @Test
    void keystoreVersionBeyondAnInt() {
        for (String version : List.of("4294967299", "66666666666666666666666666666666663", "-2147483649", "3.0", "\"3\"")) {
            String hostile = KEYSTORE.replace("\"version\":3", "\"version\":" + version);
            assertThatThrownBy(() -> Keystore.decrypt(hostile, "pw".toCharArray())).as(version)
                    .isInstanceOf(KeystoreException.class).hasMessage("keystore version must be 3");
        }
    }

    @Test
    void keystoreFileFarLargerThanAnyRealOne() {
        String padded = KEYSTORE.replace("{\"address\"", "{\"pad\":\"" + "x".repeat(10 << 20) + "\",\"address\"");
        String bigSalt = KEYSTORE.replaceFirst("\"salt\":\"[0-9a-f]+\"", "\"salt\":\"" + "00".repeat(1 << 20) + "\"");
        for (String hostile : List.of(padded, bigSalt)) {
            assertThatThrownBy(() -> Keystore.decrypt(hostile, "pw".toCharArray())).isInstanceOf(KeystoreException.class);
        }
    }

    // ---------------------------------------------------------------- typed data

    @Test
    void typedDataDocumentsTooLargeOrTooDeep() {
        String huge = "{\"types\":{},\"pad\":\"" + "x".repeat(2 << 20) + "\"}";
        String deepJson = "[".repeat(100_000) + "]".repeat(100_000);
        String deepType = "{\"types\":{\"EIP712Domain\":[],\"M\":[{\"name\":\"a\",\"type\":\"uint256" + "[]".repeat(10_000)
                + "\"}]},\"primaryType\":\"M\",\"domain\":{},\"message\":{\"a\":" + "[".repeat(400) + "]".repeat(400) + "}}";
        String hugeFixed = "{\"types\":{\"EIP712Domain\":[],\"M\":[{\"name\":\"a\",\"type\":\"uint256[2147483647]\"}]},"
                + "\"primaryType\":\"M\",\"domain\":{},\"message\":{\"a\":[1]}}";
        for (String json : List.of(huge, deepJson)) {
            assertThatThrownBy(() -> TypedData.fromJson(json)).isInstanceOf(TypedDataException.class);
        }
        // a 10,000-dimension array type with a 400-deep value, and a fixed array of 2^31-1 elements
        for (String json : List.of(deepType, hugeFixed)) {
            assertThatThrownBy(() -> sh.brane.core.crypto.Eip712.digest(TypedData.fromJson(json)))
                    .isInstanceOf(TypedDataException.class);
        }
        byte[] utf8 = huge.getBytes(StandardCharsets.UTF_8);
        assertThatThrownBy(() -> TypedData.fromJson(new String(utf8, StandardCharsets.UTF_8)))
                .hasMessageContaining("allowed");
    }
}
