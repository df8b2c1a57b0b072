package sh.brane.core.abi;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import sh.brane.core.types.Address;

/** Random ABI types and matching Java values for differential tests. */
final class RandomAbi {

    private static final String[] TEXT = {"", "a", "hello", "Hello, world!", "é", "€uro", "😀 emoji", "中文字符",
        "a string that is longer than thirty-two bytes, so it needs two words"};

    private final Random random;

    RandomAbi(long seed) {
        this.random = new Random(seed);
    }

    Random random() {
        return random;
    }

    AbiType staticElementary() {
        return switch (random.nextInt(5)) {
            case 0 -> AbiType.uintN(8 * (1 + random.nextInt(32)));
            case 1 -> AbiType.intN(8 * (1 + random.nextInt(32)));
            case 2 -> AbiType.ADDRESS;
            case 3 -> AbiType.BOOL;
            default -> AbiType.bytesN(1 + random.nextInt(32));
        };
    }

    AbiType elementary() {
        return switch (random.nextInt(7)) {
            case 0 -> AbiType.BYTES;
            case 1 -> AbiType.STRING;
            default -> staticElementary();
        };
    }

    /** Arrays of elementary types, up to {@code depth} dimensions. */
    AbiType array(int depth) {
        AbiType t = elementary();
        int dims = 1 + random.nextInt(depth);
        for (int i = 0; i < dims; i++) {
            t = random.nextBoolean() ? AbiType.array(t) : AbiType.array(t, 1 + random.nextInt(3));
        }
        return t;
    }

    /** {@code T[]} of any elementary T, or {@code T[k]} of a static one: what web3j can decode. */
    AbiType decodableArray() {
        AbiType t = elementary();
        return t.isDynamic() || random.nextBoolean() ? AbiType.array(t) : AbiType.array(t, 1 + random.nextInt(3));
    }

    /** Any type, tuples included, nested up to {@code depth}. */
    AbiType any(int depth) {
        if (depth <= 0) {
            return elementary();
        }
        return switch (random.nextInt(6)) {
            case 0, 1 -> elementary();
            case 2 -> AbiType.array(any(depth - 1));
            case 3 -> AbiType.array(any(depth - 1), 1 + random.nextInt(3));
            default -> tuple(depth - 1);
        };
    }

    AbiType.TupleType tuple(int depth) {
        int n = 1 + random.nextInt(4);
        AbiType[] cs = new AbiType[n];
        for (int i = 0; i < n; i++) {
            cs[i] = any(depth);
        }
        return AbiType.tuple(cs);
    }

    Object value(AbiType type) {
        return switch (type) {
            case AbiType.UintType u -> uint(u.bits());
            case AbiType.IntType i -> signed(i.bits());
            case AbiType.AddressType a -> {
                byte[] b = new byte[20];
                random.nextBytes(b);
                yield Address.fromBytes(b);
            }
            case AbiType.BoolType b -> random.nextBoolean();
            case AbiType.FixedBytesType f -> bytes(f.size());
            case AbiType.BytesType b -> bytes(random.nextInt(4) == 0 ? 0 : random.nextInt(80));
            case AbiType.StringType s -> TEXT[random.nextInt(TEXT.length)] + (random.nextBoolean() ? "" : "x" + random.nextInt(1000));
            case AbiType.ArrayType a -> {
                int n = a.isFixedLength() ? a.length() : random.nextInt(4);
                List<Object> out = new ArrayList<>(n);
                for (int i = 0; i < n; i++) {
                    out.add(value(a.element()));
                }
                yield out;
            }
            case AbiType.TupleType t -> {
                List<Object> out = new ArrayList<>(t.size());
                for (AbiType c : t.components()) {
                    out.add(value(c));
                }
                yield out;
            }
        };
    }

    private BigInteger uint(int bits) {
        return switch (random.nextInt(6)) {
            case 0 -> BigInteger.ZERO;
            case 1 -> BigInteger.ONE.shiftLeft(bits).subtract(BigInteger.ONE);
            case 2 -> BigInteger.valueOf(random.nextInt(1000)).mod(BigInteger.ONE.shiftLeft(bits));
            default -> new BigInteger(1 + random.nextInt(bits), random);
        };
    }

    private BigInteger signed(int bits) {
        return switch (random.nextInt(6)) {
            case 0 -> BigInteger.ONE.shiftLeft(bits - 1).negate();
            case 1 -> BigInteger.ONE.shiftLeft(bits - 1).subtract(BigInteger.ONE);
            case 2 -> BigInteger.valueOf(random.nextInt(bits == 8 ? 256 : 2000) - (bits == 8 ? 128 : 1000));
            default -> {
                BigInteger v = new BigInteger(random.nextInt(bits), random);
                yield random.nextBoolean() ? v.negate() : v;
            }
        };
    }

    private byte[] bytes(int n) {
        byte[] b = new byte[n];
        random.nextBytes(b);
        return b;
    }
}
