package sh.brane.core.crypto;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.web3j.crypto.StructuredDataEncoder;

import sh.brane.core.types.Address;
import sh.brane.primitives.Hex;

/**
 * EIP-712 digests against web3j's {@code StructuredDataEncoder} on random typed data: atomic fields of
 * every kind, nested structs, arrays of structs, strings, bytes and bytes32.
 *
 * <p>web3j 5.0.2 departs from EIP-712 for arrays of bytesN shorter than 32 (it left-pads the elements),
 * fails on arrays of booleans and on nested arrays of unequal lengths, and flattens nested arrays; those
 * shapes are checked against the EIP's definition in {@link #arraysOfAtomicTypesFollowTheEip()}.
 */
class Eip712DifferentialTest {

    private static final long SEED = 712L;

    @Test
    void digestsMatchWeb3j() throws Exception {
        Random random = new Random(SEED);
        int nestedStructs = 0;
        int arrays = 0;
        for (int i = 0; i < 500; i++) {
            String json = new Generator(random).typedData();
            nestedStructs += json.contains("\"type\":\"S1") ? 1 : 0;
            arrays += json.contains("]\"}") ? 1 : 0;
            String context = "seed=" + SEED + " case=" + i + " json=" + json;
            byte[] theirs = new StructuredDataEncoder(json).hashStructuredData();
            TypedData data = TypedData.fromJson(json);
            assertThat(Hex.encode(Eip712.digest(data))).as(context).isEqualTo(Hex.encode(theirs));
        }
        // the generator really produced the interesting shapes
        assertThat(nestedStructs).isGreaterThan(100);
        assertThat(arrays).isGreaterThan(100);
    }

    @Test
    void arraysOfAtomicTypesFollowTheEip() {
        TypedData data = TypedData.builder()
                .domain(TypedData.Domain.of("x", "1", 1, Address.ZERO))
                .type("T", "uint16[]", "a", "bool[2]", "b", "bytes4[]", "c", "int8[][]", "d")
                .message("T", java.util.Map.of("a", List.of(1, 2), "b", List.of(true, false), "c", List.of("0x01020304"),
                        "d", List.of(List.of(-1), List.of())))
                .build();
        byte[] expected = new byte[32 * 5];
        System.arraycopy(Eip712.typeHash(data.types(), "T"), 0, expected, 0, 32);
        System.arraycopy(keccak(word(1), word(2)), 0, expected, 32, 32);
        System.arraycopy(keccak(word(1), word(0)), 0, expected, 64, 32);
        byte[] c = new byte[32];
        c[0] = 1;
        c[1] = 2;
        c[2] = 3;
        c[3] = 4;
        System.arraycopy(keccak(c), 0, expected, 96, 32);
        byte[] minusOne = new byte[32];
        java.util.Arrays.fill(minusOne, (byte) 0xFF);
        System.arraycopy(keccak(keccak(minusOne), keccak()), 0, expected, 128, 32);
        assertThat(Eip712.messageHash(data)).isEqualTo(keccak(expected));
    }

    private static byte[] word(long v) {
        byte[] w = new byte[32];
        for (int i = 0; i < 8; i++) {
            w[31 - i] = (byte) (v >>> (8 * i));
        }
        return w;
    }

    private static byte[] keccak(byte[]... parts) {
        int len = 0;
        for (byte[] p : parts) {
            len += p.length;
        }
        byte[] all = new byte[len];
        int off = 0;
        for (byte[] p : parts) {
            System.arraycopy(p, 0, all, off, p.length);
            off += p.length;
        }
        return sh.brane.primitives.Keccak256.hash(all);
    }

    /** Random struct types and matching values, written as eth_signTypedData_v4 JSON. */
    static final class Generator {
        private final Random random;
        private final List<String> structs = new ArrayList<>();
        private final List<List<String[]>> fields = new ArrayList<>();

        Generator(Random random) {
            this.random = random;
        }

        String typedData() {
            int structCount = 1 + random.nextInt(4);
            for (int s = 0; s < structCount; s++) {
                structs.add("S" + s + (char) ('a' + random.nextInt(26)));
            }
            // struct s may reference only structs with a larger index, so there are no cycles
            for (int s = 0; s < structCount; s++) {
                List<String[]> list = new ArrayList<>();
                int n = 1 + random.nextInt(5);
                for (int f = 0; f < n; f++) {
                    list.add(new String[] {"f" + f, fieldType(s)});
                }
                fields.add(list);
            }
            StringBuilder sb = new StringBuilder("{\"types\":{\"EIP712Domain\":[");
            boolean[] domainFields = {random.nextBoolean(), random.nextBoolean(), true, random.nextBoolean(), random.nextInt(4) == 0};
            String[][] standard = {{"name", "string"}, {"version", "string"}, {"chainId", "uint256"},
                {"verifyingContract", "address"}, {"salt", "bytes32"}};
            boolean first = true;
            for (int d = 0; d < 5; d++) {
                if (domainFields[d]) {
                    sb.append(first ? "" : ",").append("{\"name\":\"").append(standard[d][0]).append("\",\"type\":\"")
                            .append(standard[d][1]).append("\"}");
                    first = false;
                }
            }
            sb.append(']');
            for (int s = 0; s < structCount; s++) {
                sb.append(",\"").append(structs.get(s)).append("\":[");
                for (int f = 0; f < fields.get(s).size(); f++) {
                    String[] field = fields.get(s).get(f);
                    sb.append(f == 0 ? "" : ",").append("{\"name\":\"").append(field[0]).append("\",\"type\":\"")
                            .append(field[1]).append("\"}");
                }
                sb.append(']');
            }
            sb.append("},\"primaryType\":\"").append(structs.get(0)).append("\",\"domain\":{");
            first = true;
            for (int d = 0; d < 5; d++) {
                if (domainFields[d]) {
                    sb.append(first ? "" : ",").append('"').append(standard[d][0]).append("\":")
                            .append(value(standard[d][1], 0));
                    first = false;
                }
            }
            sb.append("},\"message\":").append(structValue(0, 0)).append('}');
            return sb.toString();
        }

        private String fieldType(int s) {
            int kind = random.nextInt(10);
            if (kind < 2 && s + 1 < structs.size()) {
                String struct = structs.get(s + 1 + random.nextInt(structs.size() - s - 1));
                return kind == 0 ? struct : struct + (random.nextBoolean() ? "[]" : "[" + (1 + random.nextInt(3)) + "]");
            }
            if (kind == 2 || kind == 3) {
                String[] arrayable = {"string", "bytes", "bytes32", "address", "uint" + 8 * (1 + random.nextInt(32)),
                    "int" + 8 * (1 + random.nextInt(32))};
                return arrayable[random.nextInt(arrayable.length)] + (random.nextBoolean() ? "[]" : "[" + (1 + random.nextInt(3)) + "]");
            }
            return atomicType();
        }

        private String atomicType() {
            return switch (random.nextInt(7)) {
                case 0 -> "uint" + 8 * (1 + random.nextInt(32));
                case 1 -> "int" + 8 * (1 + random.nextInt(32));
                case 2 -> "bool";
                case 3 -> "address";
                case 4 -> "bytes" + (1 + random.nextInt(32));
                case 5 -> "bytes";
                default -> "string";
            };
        }

        private String structValue(int s, int depth) {
            StringBuilder sb = new StringBuilder("{");
            for (int f = 0; f < fields.get(s).size(); f++) {
                String[] field = fields.get(s).get(f);
                sb.append(f == 0 ? "" : ",").append('"').append(field[0]).append("\":").append(value(field[1], depth + 1));
            }
            return sb.append('}').toString();
        }

        private String value(String type, int depth) {
            if (type.endsWith("]")) {
                int open = type.lastIndexOf('[');
                String inner = type.substring(0, open);
                int n = open + 2 == type.length() ? random.nextInt(4) : Integer.parseInt(type.substring(open + 1, type.length() - 1));
                StringBuilder sb = new StringBuilder("[");
                for (int i = 0; i < n; i++) {
                    sb.append(i == 0 ? "" : ",").append(value(inner, depth + 1));
                }
                return sb.append(']').toString();
            }
            int struct = structs.indexOf(type);
            if (struct >= 0) {
                return structValue(struct, depth);
            }
            if (type.startsWith("uint")) {
                int bits = Integer.parseInt(type.substring(4));
                BigInteger v = new BigInteger(random.nextInt(bits) + 1, random);
                return random.nextBoolean() ? v.toString() : "\"" + (random.nextBoolean() ? v.toString() : "0x" + v.toString(16)) + "\"";
            }
            if (type.startsWith("int")) {
                int bits = Integer.parseInt(type.substring(3));
                BigInteger v = new BigInteger(random.nextInt(bits - 1) + 1, random);
                if (random.nextBoolean()) {
                    v = v.negate();
                }
                return random.nextBoolean() ? v.toString() : "\"" + v + "\"";
            }
            if (type.equals("bool")) {
                return random.nextBoolean() ? "true" : "false";
            }
            if (type.equals("address")) {
                byte[] a = new byte[20];
                random.nextBytes(a);
                return "\"" + Hex.encode(a) + "\"";
            }
            if (type.equals("string")) {
                StringBuilder sb = new StringBuilder("\"");
                int n = random.nextInt(20);
                for (int i = 0; i < n; i++) {
                    int c = random.nextInt(5) == 0 ? 0xE9 + random.nextInt(400) : 'a' + random.nextInt(26);
                    sb.append((char) c);
                }
                return sb.append('"').toString();
            }
            int length = type.equals("bytes") ? random.nextInt(70) : Integer.parseInt(type.substring(5));
            byte[] b = new byte[length];
            random.nextBytes(b);
            return "\"" + Hex.encode(b) + "\"";
        }
    }
}
