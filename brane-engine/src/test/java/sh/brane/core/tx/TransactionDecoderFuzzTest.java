package sh.brane.core.tx;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.Map;
import sh.brane.core.crypto.PrivateKey;
import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import org.junit.jupiter.api.Tag;

import sh.brane.core.crypto.SignatureException;
import sh.brane.fuzzing.FuzzSupport;

/**
 * Fuzzes {@link SignedTransaction#decode(byte[])} on raw signed transactions of every type: only
 * {@link TransactionDecodingException} escapes; what decodes re-encodes to exactly the input (through
 * {@link SignedTransaction#of}), decodes again to an equal transaction, and has a hash, a description
 * and a sender (or a {@link SignatureException} when no key recovers from the signature).
 */
@Tag("fuzz")
class TransactionDecoderFuzzTest {

    @FuzzTest(maxDuration = "10s")
    void decode(FuzzedDataProvider provider) {
        check(provider.consumeRemainingAsBytes());
    }

    /** The properties, for one input. */
    static void check(byte[] raw) {
        SignedTransaction tx = FuzzSupport.expectOnly(raw, () -> SignedTransaction.decode(raw),
                TransactionDecodingException.class);
        if (tx == null) {
            return;
        }
        byte[] again = SignedTransaction.of(tx.transaction(), tx.signature()).rawBytes();
        assertThat(again).as("re-encoding of %s", FuzzSupport.show(raw)).isEqualTo(raw);
        assertThat(SignedTransaction.decode(again)).isEqualTo(tx);
        assertThat(tx.transaction().signingPayload()).isNotEmpty();
        assertThat(tx.toString()).isNotBlank();
        assertThat(tx.hash()).isNotNull();
        FuzzSupport.expectOnly(raw, tx::sender, SignatureException.class);
    }

    /**
     * Seeds: signed random transactions of every type (fields at RLP length boundaries). Rewritten with
     * {@code -Dbrane.fuzz.writeSeeds=true}; every seed must decode and round-trip.
     */
    @Test
    void seedCorpusReachesTheDecoder() {
        if (FuzzSupport.writingSeeds()) {
            RandomTransactions random = new RandomTransactions(11);
            PrivateKey[] keys = RandomTransactions.keys(12, 3);
            Map<String, byte[]> seeds = new LinkedHashMap<>();
            for (TransactionType type : TransactionType.values()) {
                for (int k = 0; k < 4; k++) {
                    Transaction tx = random.transaction(type, keys);
                    SignedTransaction signed = SignedTransaction.of(tx, keys[k % keys.length].signHash(tx.signingHash()));
                    seeds.put("seed-" + type.name().toLowerCase() + "-" + k, signed.rawBytes());
                }
            }
            FuzzSupport.writeSeeds(TransactionDecoderFuzzTest.class, "decode", seeds);
        }
        List<byte[]> inputs = FuzzSupport.inputs(TransactionDecoderFuzzTest.class, "decode");
        assertThat(inputs).hasSizeGreaterThanOrEqualTo(20);
        for (byte[] in : inputs) {
            check(in);
        }
        assertThat(inputs.stream().filter(in -> in.length > 0 && in[0] == 0x02).count()).isGreaterThanOrEqualTo(4);
    }
}
