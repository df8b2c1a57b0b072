package sh.brane.core.abi;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.web3j.abi.FunctionEncoder;
import org.web3j.abi.FunctionReturnDecoder;
import org.web3j.abi.TypeReference;
import org.web3j.abi.datatypes.Bool;
import org.web3j.abi.datatypes.DynamicStruct;
import org.web3j.abi.datatypes.StaticStruct;
import org.web3j.abi.datatypes.Type;
import org.web3j.abi.datatypes.Utf8String;
import org.web3j.abi.datatypes.generated.Bytes32;
import org.web3j.abi.datatypes.generated.Int64;
import org.web3j.abi.datatypes.generated.Uint256;
import org.web3j.abi.datatypes.generated.Uint8;

import sh.brane.core.types.Address;
import sh.brane.primitives.Hex;

/**
 * Decode equality for tuples against web3j. web3j decodes structs only into classes declared for
 * them, so this uses two fixed struct shapes, a dynamic {@code (address,uint256,string)} and a
 * static {@code (int64,bool)}, with 1,000 random value sets. (web3j's decoder misreads any
 * parameter that follows a static struct, so the static struct is the last parameter.)
 */
class Web3jStructDecodeTest {

    /** {@code (address maker, uint256 amount, string memo)}. */
    public static class Order extends DynamicStruct {
        public Order(org.web3j.abi.datatypes.Address maker, Uint256 amount, Utf8String memo) {
            super(maker, amount, memo);
        }
    }

    /** {@code (int64 x, bool ok)}. */
    public static class Point extends StaticStruct {
        public Point(Int64 x, Bool ok) {
            super(x, ok);
        }
    }

    @Test
    @SuppressWarnings({"unchecked", "rawtypes"})
    void decodesStructsLikeWeb3j() {
        Random random = new Random(0x57AC7);
        // the static struct goes last: web3j's decoder counts its head as one word, so any
        // parameter after it would be read from the wrong place (a web3j bug, not ours)
        List<AbiType> types = List.of(AbiType.UINT8, AbiType.parse("(address,uint256,string)"),
                AbiType.BYTES32, AbiType.parse("(int64,bool)"));
        List<TypeReference<Type>> refs = List.of((TypeReference) new TypeReference<Uint8>() { },
                (TypeReference) new TypeReference<Order>() { }, (TypeReference) new TypeReference<Bytes32>() { },
                (TypeReference) new TypeReference<Point>() { });
        String[] memos = {"", "gm", "a memo that is longer than thirty-two bytes in UTF-8 ✓"};
        int mismatches = 0;
        StringBuilder report = new StringBuilder();
        for (int c = 0; c < 1000; c++) {
            byte[] addr = new byte[20];
            random.nextBytes(addr);
            byte[] b32 = new byte[32];
            random.nextBytes(b32);
            BigInteger small = BigInteger.valueOf(random.nextInt(256));
            BigInteger amount = new BigInteger(1 + random.nextInt(256), random);
            String memo = memos[random.nextInt(memos.length)] + random.nextInt(100);
            long x = random.nextLong();
            boolean ok = random.nextBoolean();

            List<Type> web3jValues = List.of(new Uint8(small),
                    new Order(new org.web3j.abi.datatypes.Address(Hex.encode(addr)), new Uint256(amount), new Utf8String(memo)),
                    new Bytes32(b32), new Point(new Int64(x), new Bool(ok)));
            String encoded = "0x" + FunctionEncoder.encodeConstructor(web3jValues);
            List<Object> ours = AbiDecoder.decode(types, Hex.decode(encoded));
            List<Type> theirs = FunctionReturnDecoder.decode(encoded, refs);

            List<Object> theirsNormalized = new ArrayList<>();
            for (Type t : theirs) {
                theirsNormalized.add(Web3jBridge.normalizeWeb3j(t));
            }
            Object oursNormalized = Web3jBridge.normalize(ours);
            List<Object> expected = List.of(small, List.of(Address.fromBytes(addr).toHex(), amount, memo),
                    Hex.encode(b32), List.of(BigInteger.valueOf(x), ok));
            if (!oursNormalized.equals(theirsNormalized) || !oursNormalized.equals(expected)) {
                if (++mismatches <= 5) {
                    report.append("\ncase ").append(c).append(" ours ").append(oursNormalized)
                            .append(" web3j ").append(theirsNormalized).append(" expected ").append(expected);
                }
            }
            // and our encoder agrees with web3j's on the same values
            byte[] ourEncoding = FastAbiEncoder.encode(null, new AbiValue[] {
                AbiValue.uintN(8, small), AbiValue.of(types.get(1), List.of(Address.fromBytes(addr), amount, memo)),
                AbiValue.bytesN(b32), AbiValue.of(types.get(3), List.of(x, ok))});
            if (!Hex.encode(ourEncoding).equals(encoded) && ++mismatches <= 5) {
                report.append("\ncase ").append(c).append(" encoding differs");
            }
        }
        assertThat(mismatches).as("mismatches:" + report).isZero();
    }
}
