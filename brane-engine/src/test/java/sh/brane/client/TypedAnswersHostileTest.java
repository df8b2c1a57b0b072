package sh.brane.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import sh.brane.core.types.Hash;
import sh.brane.rpc.HttpProvider;
import sh.brane.rpc.InvalidResponseException;

/**
 * Hostile and malformed answers on the one-pass typed path, over HTTP: each fails its call with an
 * {@link InvalidResponseException} naming the method and the field, reads no further than it must, and leaves
 * nothing pending; a well-formed answer in an unusual order reads as usual.
 */
class TypedAnswersHostileTest {
    private static final String H = "0x" + "11".repeat(32);
    private static final String A = "0x" + "aa".repeat(20);
    private static final String TX = "{\"hash\":\"" + H + "\",\"nonce\":\"0x1\",\"from\":\"" + A + "\",\"to\":null,"
            + "\"value\":\"0x10\",\"gas\":\"0x5208\",\"input\":\"0x\",\"type\":\"0x2\",\"maxFeePerGas\":\"0x9\"}";
    private static final String BLOCK = "{\"number\":\"0x1\",\"hash\":\"" + H + "\",\"parentHash\":\"" + H + "\","
            + "\"timestamp\":\"0x5\",\"miner\":\"" + A + "\",\"gasLimit\":\"0x1c9c380\",\"gasUsed\":\"0x0\","
            + "\"stateRoot\":\"" + H + "\",\"transactionsRoot\":\"" + H + "\",\"receiptsRoot\":\"" + H + "\","
            + "\"transactions\":[TXS]}";
    private static final Pattern ID = Pattern.compile("\"id\":(\\d+)");

    private HttpServer server;
    private HttpProvider provider;
    private BraneClient client;
    /** The next answer; {@code ID} is replaced by the request's id. */
    private final AtomicReference<String> answer = new AtomicReference<>();

    @BeforeEach
    void start() throws Exception {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", ex -> {
            String req = new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            Matcher m = ID.matcher(req);
            String id = m.find() ? m.group(1) : "0";
            byte[] body = answer.get().replace("ID", id).getBytes(StandardCharsets.UTF_8);
            ex.getResponseHeaders().add("Content-Type", "application/json");
            ex.sendResponseHeaders(200, body.length);
            ex.getResponseBody().write(body);
            ex.close();
        });
        server.start();
        provider = HttpProvider.create("http://127.0.0.1:" + server.getAddress().getPort() + "/");
        client = new BraneClient(provider);
    }

    @AfterEach
    void stop() {
        client.close();
        provider.close();
        server.stop(0);
    }

    @Test
    void wellFormedAnswersInAnyOrderReadTheSame() {
        answer.set("{\"jsonrpc\":\"2.0\",\"id\":ID,\"result\":" + BLOCK.replace("TXS", TX + "," + TX) + "}");
        Block inOrder = client.getBlockByNumber(BlockTag.LATEST, true).orElseThrow();
        // result before id: decoded from a tree, to the same value
        answer.set("{\"result\":" + BLOCK.replace("TXS", TX + "," + TX) + ",\"jsonrpc\":\"2.0\",\"id\":ID}");
        assertThat(client.getBlockByNumber(BlockTag.LATEST, true)).contains(inOrder);
        assertThat(inOrder.transactions()).hasSize(2).allSatisfy(t -> {
            assertThat(t.to()).isNull();
            assertThat(t.maxFeePerGas()).isEqualTo(9);
        });
        // unknown fields, however deep, are skipped
        answer.set("{\"jsonrpc\":\"2.0\",\"id\":ID,\"result\":" + BLOCK.replace("TXS", "\"" + H + "\"")
                .replace("{\"number\"", "{\"extra\":{\"a\":[[[{\"b\":null}]]],\"c\":\"x\"},\"number\"") + "}");
        assertThat(client.getBlockByNumber(BlockTag.LATEST, false).orElseThrow().transactionHashes())
                .containsExactly(Hash.of(H));
        answer.set("{\"jsonrpc\":\"2.0\",\"id\":ID,\"result\":null}");
        assertThat(client.getBlockByNumber(BlockTag.LATEST, true)).isEmpty();
        assertThat(client.getTransactionReceipt(Hash.of(H))).isEmpty();
    }

    @Test
    void garbledFieldsAreNamedWithTheirPlace() {
        rejects(BLOCK.replace("TXS", TX + "," + TX.replace("\"value\":\"0x10\"", "\"value\":16")),
                "eth_getBlockByNumber (id", "block.transactions[1].value: expected a hex quantity string, got 16");
        rejects(BLOCK.replace("TXS", TX + ",\"" + H + "\""),
                "block.transactions[1]: expected a transaction object like the ones before it");
        rejects(BLOCK.replace("TXS", "\"" + H + "\"," + TX), "block.transactions[0]: expected a hash");
        rejects(BLOCK.replace("TXS", TX.replace("\"0x10\"", "\"0x1" + "0".repeat(64) + "\"")),
                "block.transactions[0].value: quantity longer than 256 bits");
        rejects(BLOCK.replace("TXS", TX.replace(H, "0x1234")), "block.transactions[0].hash: not a 32-byte hash");
        rejects(BLOCK.replace("TXS", TX.replace("\"0x2\"", "\"0x100\"")),
                "block.transactions[0].type: transaction type must be one byte");
        rejects(BLOCK.replace("TXS", "").replace("\"stateRoot\":\"" + H + "\",", ""), "block.stateRoot: missing");
        rejects("[1,2]", "block: expected a JSON object, got [...]");
        rejects("\"" + "a".repeat(1000) + "\"", "block: expected a JSON object", "(1002 chars)");
    }

    @Test
    void logsAreBoundedAsTheyAreRead() {
        String log = "{\"address\":\"" + A + "\",\"topics\":[T],\"data\":\"0x\",\"removed\":false}";
        answer.set("{\"jsonrpc\":\"2.0\",\"id\":ID,\"result\":[" + log.replace("T", ("\"" + H + "\",").repeat(9)
                + "\"" + H + "\"") + "]}");
        assertThatThrownBy(() -> client.getLogs(LogFilter.builder().build()))
                .isInstanceOf(InvalidResponseException.class)
                .hasMessageContaining("eth_getLogs[0].topics: a log has at most 4 topics");
        answer.set("{\"jsonrpc\":\"2.0\",\"id\":ID,\"result\":[" + log.replace("T", "")
                + "," + log.replace("T", "").replace("\"0x\"", "\"0x123\"") + "]}");
        assertThatThrownBy(() -> client.getLogs(LogFilter.builder().build()))
                .isInstanceOf(InvalidResponseException.class).hasMessageContaining("eth_getLogs[1].data: not hex data");
        assertThat(provider.pendingRequests()).isZero();
    }

    @Test
    void malformedJsonEndsTheCallWithAClearError() {
        answer.set("{\"jsonrpc\":\"2.0\",\"id\":ID,\"result\":" + BLOCK.replace("TXS", TX).substring(0, 200));
        assertThatThrownBy(() -> client.getBlockByNumber(BlockTag.LATEST, true))
                .isInstanceOf(InvalidResponseException.class).hasMessageContaining("malformed JSON");
        // nesting far beyond any real answer is refused by the parser's limit, not by the stack
        answer.set("{\"jsonrpc\":\"2.0\",\"id\":ID,\"result\":{\"x\":" + "[".repeat(5000) + "]".repeat(5000) + "}}");
        assertThatThrownBy(() -> client.getBlockByNumber(BlockTag.LATEST, true))
                .isInstanceOf(InvalidResponseException.class).hasMessageContaining("malformed JSON");
        answer.set("{\"jsonrpc\":\"2.0\",\"id\":ID,\"result\":\"0xzz\"}");
        assertThatThrownBy(() -> client.blockNumber()).isInstanceOf(InvalidResponseException.class)
                .hasMessageContaining("eth_blockNumber: non-hex character at index 2 of quantity");
        assertThat(provider.pendingRequests()).isZero();
    }

    private void rejects(String block, String... messages) {
        answer.set("{\"jsonrpc\":\"2.0\",\"id\":ID,\"result\":" + block + "}");
        var thrown = assertThatThrownBy(() -> client.getBlockByNumber(BlockTag.LATEST, true))
                .isInstanceOf(InvalidResponseException.class);
        for (String m : messages) {
            thrown.hasMessageContaining(m);
        }
        assertThat(provider.pendingRequests()).isZero();
    }
}
