package sh.brane.benchmarks;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.sun.net.httpserver.HttpServer;

import sh.brane.core.abi.AbiFunction;
import sh.brane.primitives.Hex;

/**
 * An in-process JSON-RPC server for contract-read benchmarks: every {@code eth_call} is answered with one 32-byte
 * word, echoing the request id, so what is measured is the clients' own cost. It answers JSON-RPC batches (one
 * answer per id, in order) and Multicall3 {@code aggregate3} calls (one successful result holding the word per
 * call in the aggregate, the count read from the calldata), so every client's best way to read many values gets
 * a correct answer from the same server. Its own cost (a regex over the body, prebuilt answers) counts on every
 * side.
 */
final class EchoRpcServer implements AutoCloseable {

    static {
        // the JDK server writes the head and the body of an answer separately; with Nagle's algorithm on, the body
        // waits for the client's (delayed) ACK of the head, up to 40 ms: a stall no real node has, and one that
        // hits clients unevenly. Read once when the JDK server's configuration class loads.
        System.setProperty("sun.net.httpserver.nodelay", "true");
    }

    private static final Pattern ID = Pattern.compile("\"id\"\\s*:\\s*(\\d+)");
    /** {@code aggregate3((address,bool,bytes)[])}: selector, then the array's offset word, then its length word. */
    private static final String AGGREGATE3 = "0x82ad56cb";
    private static final AbiFunction RESULTS = AbiFunction.parse("r((bool,bytes)[])");

    private final HttpServer server;
    private final String word;
    private final Map<Integer, String> aggregates = new ConcurrentHashMap<>();

    /** {@code word}: the 32-byte answer as 64 hex digits without {@code 0x}. */
    EchoRpcServer(String word) throws IOException {
        this.word = word;
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 256);
        server.createContext("/", exchange -> {
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            byte[] answer = answer(body).getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, answer.length);
            exchange.getResponseBody().write(answer);
            exchange.close();
        });
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.start();
    }

    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    private String answer(String body) {
        Matcher m = ID.matcher(body);
        if (body.stripLeading().startsWith("[")) {
            StringBuilder out = new StringBuilder(body.length() / 2 + 128).append('[');
            boolean first = true;
            while (m.find()) {
                out.append(first ? "" : ",").append(one(m.group(1), "0x" + word));
                first = false;
            }
            return out.append(']').toString();
        }
        String id = m.find() ? m.group(1) : "1";
        int at = body.indexOf(AGGREGATE3);
        if (at >= 0) {
            int count = Integer.parseInt(body.substring(at + 10 + 64, at + 10 + 128), 16);
            return one(id, aggregates.computeIfAbsent(count, this::aggregateAnswer));
        }
        return one(id, "0x" + word);
    }

    private static String one(String id, String result) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"result\":\"" + result + "\"}";
    }

    /** The return data of {@code aggregate3} for {@code count} calls, each successful with the word. */
    private String aggregateAnswer(int count) {
        List<Object[]> results = new ArrayList<>(count);
        byte[] data = Hex.decode("0x" + word);
        for (int i = 0; i < count; i++) {
            results.add(new Object[] {Boolean.TRUE, data});
        }
        byte[] call = RESULTS.encodeCall(results);
        return "0x" + Hex.encode(call).substring(10);
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
