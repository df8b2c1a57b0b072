package sh.brane.benchmarks;

import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

import sh.brane.core.crypto.Eip712;
import sh.brane.core.crypto.TypedData;

/**
 * Time to verify a 1 MiB typed-data document as a service receiving it would: parse the JSON and compute the
 * EIP-712 digest (issue 11 item 4). The document is the shape that made hashing quadratic before: 200 chained
 * struct types each hashed as a value, a hub type referencing them all, and transfers up to the 1 MiB JSON cap.
 * No web3j twin: this measures a bound, not a race.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class Eip712HashBenchmark {

    private String json;
    private TypedData parsed;

    @Setup
    public void setUp() {
        json = document(1 << 20);
        parsed = TypedData.fromJson(json);
    }

    @Benchmark
    public byte[] parseAndDigest1MiB() {
        return Eip712.digest(TypedData.fromJson(json));
    }

    @Benchmark
    public byte[] digest1MiB() {
        return Eip712.digest(parsed);
    }

    /** The same document as the engine's Eip712LimitsTest, up to {@code maxChars} characters of JSON. */
    static String document(int maxChars) {
        StringBuilder types = new StringBuilder("{\"EIP712Domain\":[{\"name\":\"name\",\"type\":\"string\"}],");
        int chain = 200;
        for (int i = 0; i < chain; i++) {
            types.append("\"C").append(i).append("\":[{\"name\":\"v\",\"type\":\"uint256\"}");
            if (i + 1 < chain) {
                types.append(",{\"name\":\"next\",\"type\":\"C").append(i + 1).append("[]\"}");
            }
            types.append("],");
        }
        types.append("\"Item\":[{\"name\":\"from\",\"type\":\"address\"},{\"name\":\"to\",\"type\":\"address\"},"
                + "{\"name\":\"amount\",\"type\":\"uint256\"},{\"name\":\"memo\",\"type\":\"string\"}],");
        types.append("\"Hub\":[");
        StringBuilder message = new StringBuilder("{");
        for (int i = 0; i < chain; i++) {
            types.append("{\"name\":\"c").append(i).append("\",\"type\":\"C").append(i).append("[]\"},");
            message.append("\"c").append(i).append("\":[{\"v\":").append(i)
                    .append(i + 1 < chain ? ",\"next\":[]" : "").append("}],");
        }
        types.append("{\"name\":\"items\",\"type\":\"Item[]\"}]}");
        message.append("\"items\":[");
        String item = "{\"from\":\"0x1111111111111111111111111111111111111111\",\"to\":"
                + "\"0x2222222222222222222222222222222222222222\",\"amount\":\"123456789\",\"memo\":\"a transfer\"},";
        String head = "{\"types\":" + types + ",\"primaryType\":\"Hub\",\"domain\":{\"name\":\"big\"},\"message\":";
        while (head.length() + message.length() + item.length() + 8 < maxChars) {
            message.append(item);
        }
        message.setLength(message.length() - 1);
        message.append("]}");
        return head + message + "}";
    }
}
