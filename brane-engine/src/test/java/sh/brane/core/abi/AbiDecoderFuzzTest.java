package sh.brane.core.abi;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import java.util.LinkedHashMap;
import java.util.Map;
import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import org.junit.jupiter.api.Tag;

import sh.brane.fuzzing.FuzzSupport;

/**
 * Fuzzes the ABI type parser and decoder together. Input layout (so that seed files are plain bytes):
 * if byte 0 is {@code 0xff}, the type is the text up to the first {@code '\n'} and the data follows it;
 * otherwise byte 0 picks one of {@link #TYPES} and the data is the rest. Properties: only
 * {@link AbiParseException} / {@link AbiDecodingException} escape; whatever decodes re-encodes, and the
 * re-encoding decodes to equal values and re-encodes to the same bytes (the canonical form); and what one
 * decode produces is bounded by its input, {@code outputBytes(values) <= AbiDecoder.maxOutputBytes(data.length)}
 * (4 x input + 32 KiB), however the offsets alias.
 * Revert data is fuzzed too: {@link RevertDecoder} must answer for any bytes without throwing.
 */
@Tag("fuzz")
class AbiDecoderFuzzTest {

    /** Types whose decoding paths differ: words with padding rules, dynamic data, nested offsets. */
    static final String[] TYPES = {
            "(uint256)", "(uint8,int8,bool,address)", "(bytes32,bytes1,int256)", "(bytes)", "(string)",
            "(uint256[])", "(string[])", "(bytes[2])", "(uint256[3])", "((uint256,string)[])",
            "(address[][],bool)", "((bytes,(string,uint8[])),int16[2][])", "(string,bytes,uint64[])",
            "(((((uint256[])[])[])[])[])", "(bytes[][][])", "()",
    };

    private static final AbiType[] PARSED = Arrays.stream(TYPES).map(AbiType::parse).toArray(AbiType[]::new);

    @FuzzTest(maxDuration = "10s")
    void decode(FuzzedDataProvider provider) {
        check(provider.consumeRemainingAsBytes());
    }

    /** The properties, for one input. */
    static void check(byte[] input) {
        if (input.length == 0) {
            return;
        }
        AbiType type;
        byte[] data;
        if ((input[0] & 0xff) == 0xff) {
            int nl = indexOf(input, (byte) '\n', 1);
            int end = nl < 0 ? input.length : nl;
            String text = new String(input, 1, end - 1, StandardCharsets.ISO_8859_1);
            type = FuzzSupport.expectOnly(input, () -> AbiType.parse(text), AbiParseException.class);
            if (type == null) {
                return;
            }
            assertThat(AbiType.parse(type.canonical())).isEqualTo(type);
            data = nl < 0 ? new byte[0] : Arrays.copyOfRange(input, nl + 1, input.length);
        } else {
            type = PARSED[(input[0] & 0xff) % PARSED.length];
            data = Arrays.copyOfRange(input, 1, input.length);
        }
        List<AbiType> types = type instanceof AbiType.TupleType t ? t.components() : List.of(type);
        List<Object> values = FuzzSupport.expectOnly(input, () -> AbiDecoder.decode(types, data),
                AbiDecodingException.class);
        FuzzSupport.expectOnly(input, () -> RevertDecoder.decode(data), AbiDecodingException.class);
        if (values == null) {
            return;
        }
        long produced = 0;
        for (Object v : values) {
            produced += outputBytes(v);
        }
        assertThat(produced).as("output bytes <= %d x input + %d for %s", AbiDecoder.OUTPUT_FACTOR,
                AbiDecoder.OUTPUT_ALLOWANCE, FuzzSupport.show(input))
                .isLessThanOrEqualTo(AbiDecoder.maxOutputBytes(data.length));
        AbiValue[] args = new AbiValue[types.size()];
        for (int i = 0; i < args.length; i++) {
            args[i] = AbiValue.of(types.get(i), values.get(i));
        }
        byte[] encoded = FastAbiEncoder.encode(null, args);
        List<Object> again = AbiDecoder.decode(types, encoded);
        assertThat(deepEquals(values, again)).as("decode(encode(decode(x))) == decode(x) for %s",
                FuzzSupport.show(input)).isTrue();
        AbiValue[] args2 = new AbiValue[types.size()];
        for (int i = 0; i < args2.length; i++) {
            args2[i] = AbiValue.of(types.get(i), again.get(i));
        }
        assertThat(FastAbiEncoder.encode(null, args2)).isEqualTo(encoded);
    }

    private static int indexOf(byte[] a, byte b, int from) {
        for (int i = from; i < a.length; i++) {
            if (a[i] == b) {
                return i;
            }
        }
        return -1;
    }

    /**
     * The size of a decoded value as {@link AbiDecoder} documents it, measured independently on the result:
     * 32 bytes per value (list, number, address, bool), plus the length of every byte string, plus the
     * characters of every text (at most its UTF-8 bytes).
     */
    static long outputBytes(Object value) {
        long size = 32;
        if (value instanceof byte[] b) {
            size += b.length;
        } else if (value instanceof String s) {
            size += s.length();
        } else if (value instanceof List<?> list) {
            for (Object e : list) {
                size += outputBytes(e);
            }
        }
        return size;
    }

    /** Equality that compares {@code byte[]} by content, recursively through lists. */
    static boolean deepEquals(Object a, Object b) {
        if (a instanceof byte[] x && b instanceof byte[] y) {
            return Arrays.equals(x, y);
        }
        if (a instanceof List<?> x && b instanceof List<?> y) {
            if (x.size() != y.size()) {
                return false;
            }
            for (int i = 0; i < x.size(); i++) {
                if (!deepEquals(x.get(i), y.get(i))) {
                    return false;
                }
            }
            return true;
        }
        return java.util.Objects.equals(a, b);
    }

    /**
     * Seeds: valid encodings of random values of every table type and of random types given as text.
     * Rewritten with {@code -Dbrane.fuzz.writeSeeds=true}; checked to decode on every run.
     */
    @Test
    void seedCorpusReachesTheDecoder() {
        if (FuzzSupport.writingSeeds()) {
            RandomAbi random = new RandomAbi(7);
            Map<String, byte[]> seeds = new LinkedHashMap<>();
            for (int i = 0; i < TYPES.length; i++) {
                for (int k = 0; k < 2; k++) {
                    seeds.put("seed-table-" + i + "-" + k, withPrefix(new byte[] {(byte) i}, encodeRandom(random, PARSED[i])));
                }
            }
            for (int i = 0; i < 16; i++) {
                AbiType.TupleType t = random.tuple(2);
                byte[] head = ("\u00ff" + t.canonical() + "\n").getBytes(StandardCharsets.ISO_8859_1);
                seeds.put("seed-text-" + i, withPrefix(head, encodeRandom(random, t)));
            }
            FuzzSupport.writeSeeds(AbiDecoderFuzzTest.class, "decode", seeds);
        }
        List<byte[]> inputs = FuzzSupport.inputs(AbiDecoderFuzzTest.class, "decode");
        assertThat(inputs).hasSizeGreaterThanOrEqualTo(40);
        for (byte[] in : inputs) {
            check(in);
        }
    }

    private static byte[] encodeRandom(RandomAbi random, AbiType type) {
        List<AbiType> types = type instanceof AbiType.TupleType t ? t.components() : List.of(type);
        AbiValue[] args = new AbiValue[types.size()];
        for (int i = 0; i < args.length; i++) {
            args[i] = AbiValue.of(types.get(i), random.value(types.get(i)));
        }
        return FastAbiEncoder.encode(null, args);
    }

    private static byte[] withPrefix(byte[] prefix, byte[] rest) {
        byte[] out = Arrays.copyOf(prefix, prefix.length + rest.length);
        System.arraycopy(rest, 0, out, prefix.length, rest.length);
        return out;
    }
}
