package sh.brane.primitives;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import java.util.List;
import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import org.junit.jupiter.api.Tag;

import sh.brane.fuzzing.FuzzSupport;

/**
 * Fuzzes {@link Rlp#decode}: any bytes either decode or fail with {@link RlpDecodingException}; what
 * decodes is canonical, so encoding it gives back the input and decoding that gives the same item.
 * Seeds and regression inputs: {@code src/test/resources/sh/brane/primitives/RlpFuzzTestInputs/decode/}.
 */
@Tag("fuzz")
class RlpFuzzTest {

    @FuzzTest(maxDuration = "10s")
    void decode(FuzzedDataProvider provider) {
        check(provider.consumeRemainingAsBytes());
    }

    /** The properties, for one input. */
    static void check(byte[] input) {
        RlpItem item = FuzzSupport.expectOnly(input, () -> Rlp.decode(input), RlpDecodingException.class);
        if (item == null) {
            return;
        }
        byte[] encoded = Rlp.encode(item);
        assertThat(encoded).as("re-encoding of %s", FuzzSupport.show(input)).isEqualTo(input);
        assertThat(Rlp.decode(encoded)).isEqualTo(item);
        assertThat(Rlp.sizeOf(item)).isEqualTo(input.length);
        readEverything(input, item);
        // a shallower limit may only reject, never misread
        RlpItem shallow = FuzzSupport.expectOnly(input, () -> Rlp.decode(input, 0, input.length, 2),
                RlpDecodingException.class);
        if (shallow != null) {
            assertThat(shallow).isEqualTo(item);
        }
    }

    /** Every accessor either answers or throws the typed exception. */
    private static void readEverything(byte[] input, RlpItem item) {
        item.describe();
        item.toString();
        FuzzSupport.expectOnly(input, item::asLong, RlpDecodingException.class);
        FuzzSupport.expectOnly(input, item::asInt, RlpDecodingException.class);
        FuzzSupport.expectOnly(input, item::asBigInteger, RlpDecodingException.class);
        FuzzSupport.expectOnly(input, item::asBytes, RlpDecodingException.class);
        FuzzSupport.expectOnly(input, () -> item.asRlpString().asBytes(32), RlpDecodingException.class);
        if (item.isList()) {
            RlpList list = item.asRlpList();
            FuzzSupport.expectOnly(input, () -> list.asList(2), RlpDecodingException.class);
            for (RlpItem child : list.asList()) {
                readEverything(input, child);
            }
        }
    }

    /** The seeds (ethereum/tests RLP vectors) are committed and most of them decode. */
    @Test
    void seedCorpusReachesTheDecoder() {
        List<byte[]> inputs = FuzzSupport.inputs(RlpFuzzTest.class, "decode");
        assertThat(inputs).hasSizeGreaterThanOrEqualTo(40);
        long decoding = inputs.stream().filter(in -> {
            try {
                Rlp.decode(in);
                return true;
            } catch (RlpDecodingException e) {
                return false;
            }
        }).count();
        assertThat(decoding).isGreaterThanOrEqualTo(20);
    }
}
