package sh.brane.core.crypto;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.Map;
import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import org.junit.jupiter.api.Tag;

import sh.brane.fuzzing.FuzzSupport;
import sh.brane.primitives.InvalidEncodingException;

/**
 * Fuzzes the {@code eth_signTypedData_v4} JSON reader and the EIP-712 hashing of what it reads: parsing
 * throws only {@link TypedDataException}; hashing a parsed document throws only an
 * {@link InvalidEncodingException} (a value that does not fit its declared type); a document that hashes
 * gives the same digest when parsed again, and a signature over it recovers the signer.
 */
@Tag("fuzz")
class TypedDataJsonFuzzTest {

    private static final PrivateKey KEY = PrivateKey.fromHex("4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318");

    @FuzzTest(maxDuration = "10s")
    void parse(FuzzedDataProvider provider) {
        check(provider.consumeRemainingAsBytes());
    }

    /** The properties, for one input. */
    static void check(byte[] input) {
        String json = new String(input, StandardCharsets.UTF_8);
        TypedData data = FuzzSupport.expectOnly(input, () -> TypedData.fromJson(json), TypedDataException.class);
        if (data == null) {
            return;
        }
        byte[] digest = FuzzSupport.expectOnly(input, () -> Eip712.digest(data), InvalidEncodingException.class);
        if (digest == null) {
            return;
        }
        assertThat(digest).hasSize(32);
        assertThat(Eip712.digest(TypedData.fromJson(json))).isEqualTo(digest);
        Signature sig = Eip712.sign(data, KEY);
        assertThat(Eip712.recoverSigner(data, sig.toBytes65())).isEqualTo(KEY.address());
    }

    /** Seeds: the EIP-712 specification's Mail example and variants using arrays, bytes and integers. */
    @Test
    void seedCorpusReachesTheHasher() {
        if (FuzzSupport.writingSeeds()) {
            Map<String, byte[]> seeds = new LinkedHashMap<>();
            seeds.put("seed-mail", Eip712Test.MAIL_JSON.getBytes(StandardCharsets.UTF_8));
            seeds.put("seed-arrays", """
                    {"types":{"EIP712Domain":[{"name":"name","type":"string"},{"name":"chainId","type":"uint256"}],
                    "Order":[{"name":"ids","type":"uint256[]"},{"name":"tags","type":"bytes32[2]"},{"name":"data","type":"bytes"},
                    {"name":"flag","type":"bool"},{"name":"delta","type":"int64"},{"name":"owners","type":"address[][]"}]},
                    "primaryType":"Order","domain":{"name":"x","chainId":"0x1"},
                    "message":{"ids":[1,"2","0x03"],"tags":["0x0000000000000000000000000000000000000000000000000000000000000001",
                    "0x00000000000000000000000000000000000000000000000000000000000000ff"],"data":"0xdeadbeef","flag":true,
                    "delta":-5,"owners":[["0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826"],[]]}}
                    """.getBytes(StandardCharsets.UTF_8));
            seeds.put("seed-nested", """
                    {"types":{"EIP712Domain":[{"name":"verifyingContract","type":"address"},{"name":"salt","type":"bytes32"}],
                    "Node":[{"name":"value","type":"uint8"},{"name":"children","type":"Leaf[]"}],
                    "Leaf":[{"name":"label","type":"string"}]},
                    "primaryType":"Node","domain":{"verifyingContract":"0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC",
                    "salt":"0x0101010101010101010101010101010101010101010101010101010101010101"},
                    "message":{"value":255,"children":[{"label":"a"},{"label":"\u00e9"}]}}
                    """.getBytes(StandardCharsets.UTF_8));
            seeds.put("seed-domain-only", """
                    {"types":{"EIP712Domain":[{"name":"name","type":"string"}]},"primaryType":"EIP712Domain",
                    "domain":{"name":"only"},"message":{}}
                    """.getBytes(StandardCharsets.UTF_8));
            FuzzSupport.writeSeeds(TypedDataJsonFuzzTest.class, "parse", seeds);
        }
        List<byte[]> inputs = FuzzSupport.inputs(TypedDataJsonFuzzTest.class, "parse");
        assertThat(inputs).hasSizeGreaterThanOrEqualTo(4);
        for (byte[] in : inputs) {
            check(in);
        }
        assertThat(Eip712.digest(TypedData.fromJson(new String(inputs.get(inputs.size() - 1), StandardCharsets.UTF_8))))
                .hasSize(32);
    }
}
