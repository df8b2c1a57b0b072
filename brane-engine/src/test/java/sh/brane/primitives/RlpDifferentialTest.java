package sh.brane.primitives;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.web3j.rlp.RlpDecoder;
import org.web3j.rlp.RlpEncoder;
import org.web3j.rlp.RlpType;

/** Brane's RLP against web3j's on random item trees (fixed seeds; each failure names its seed). */
class RlpDifferentialTest {

    private static final long SEED = 0x5EED_B7A9EL;
    private static final int CASES = 1_000;

    @Test
    void randomTreesEncodeAndDecodeLikeWeb3j() {
        Random seeds = new Random(SEED);
        for (int i = 0; i < CASES; i++) {
            long seed = seeds.nextLong();
            Random random = new Random(seed);
            RlpItem ours = randomItem(random, 0);
            RlpType theirs = toWeb3j(ours);

            byte[] encoded = Rlp.encode(ours);
            String context = "case " + i + ", seed " + seed + ", item " + ours;
            assertThat(Hex.encode(encoded)).as(context).isEqualTo(Hex.encode(RlpEncoder.encode(theirs)));
            assertThat(Rlp.sizeOf(ours)).as(context).isEqualTo(encoded.length);
            assertThat(Rlp.decode(encoded)).as(context).isEqualTo(ours);
            // web3j wraps what it decodes in an outer list
            RlpType decodedByWeb3j = RlpDecoder.decode(encoded).getValues().get(0);
            assertThat(fromWeb3j(decodedByWeb3j)).as(context).isEqualTo(ours);
        }
    }

    @Test
    void randomIntegersEncodeLikeWeb3j() {
        Random random = new Random(SEED + 1);
        for (int i = 0; i < CASES; i++) {
            long value = random.nextLong() >>> (1 + random.nextInt(63));
            BigInteger big = new BigInteger(random.nextInt(257), random);
            String context = "case " + i + ", long " + value + ", big " + big;
            assertThat(Rlp.encodeLong(value)).as(context)
                    .isEqualTo(RlpEncoder.encode(org.web3j.rlp.RlpString.create(value)));
            assertThat(Rlp.encodeBigInteger(big)).as(context)
                    .isEqualTo(RlpEncoder.encode(org.web3j.rlp.RlpString.create(big)));
            assertThat(Rlp.decode(Rlp.encodeLong(value)).asLong()).as(context).isEqualTo(value);
            assertThat(Rlp.decode(Rlp.encodeBigInteger(big)).asBigInteger()).as(context).isEqualTo(big);
        }
    }

    private static RlpItem randomItem(Random random, int depth) {
        if (depth < 6 && random.nextInt(3) == 0) {
            int size = random.nextInt(random.nextInt(10) == 0 ? 40 : 6);
            List<RlpItem> items = new ArrayList<>(size);
            for (int i = 0; i < size; i++) {
                items.add(randomItem(random, depth + 1));
            }
            return RlpList.of(items);
        }
        int kind = random.nextInt(10);
        int length = switch (kind) {
            case 0 -> 0;
            case 1, 2 -> 1;
            case 3 -> 54 + random.nextInt(4);
            case 4 -> 200 + random.nextInt(400);
            case 5 -> random.nextInt(10) == 0 ? 65_536 + random.nextInt(100) : 256 + random.nextInt(10);
            default -> random.nextInt(60);
        };
        byte[] bytes = new byte[length];
        random.nextBytes(bytes);
        if (kind == 1 && length == 1) {
            bytes[0] &= 0x7f;
        }
        return RlpString.of(bytes);
    }

    private static RlpType toWeb3j(RlpItem item) {
        return switch (item) {
            case RlpString s -> org.web3j.rlp.RlpString.create(s.asBytes());
            case RlpList l -> new org.web3j.rlp.RlpList(l.asList().stream().map(RlpDifferentialTest::toWeb3j).toList());
        };
    }

    private static RlpItem fromWeb3j(RlpType type) {
        if (type instanceof org.web3j.rlp.RlpString s) {
            return RlpString.of(s.getBytes());
        }
        List<RlpItem> items = new ArrayList<>();
        for (RlpType child : ((org.web3j.rlp.RlpList) type).getValues()) {
            items.add(fromWeb3j(child));
        }
        return RlpList.of(items);
    }
}
