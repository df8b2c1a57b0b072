package sh.brane.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static sh.brane.client.RecordedAnswersTest.answer;
import static sh.brane.client.RecordedAnswersTest.blockWith;

import com.sun.net.httpserver.HttpServer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import sh.brane.core.types.Hash;
import sh.brane.rpc.HttpProvider;
import sh.brane.rpc.InvalidResponseException;

/**
 * Real nodes' answers (src/test/resources/execution-apis) served over HTTP, whole or with a field taken out, through
 * the blocking and the asynchronous client: a missing required field fails the call with an error that names the
 * method and the field's place; a transaction of a type this library does not know keeps its block.
 */
class RecordedAnswerFaultsTest {
    private static final Pattern ID = Pattern.compile("\"id\":(\\d+)");
    private static final Hash ANY = Hash.of("0x" + "12".repeat(32));

    private HttpServer server;
    private HttpProvider provider;
    private BraneClient client;
    private final AtomicReference<String> result = new AtomicReference<>();

    @BeforeEach
    void start() throws Exception {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", ex -> {
            String req = new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            Matcher m = ID.matcher(req);
            String id = m.find() ? m.group(1) : "0";
            byte[] body = ("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"result\":" + result.get() + "}")
                    .getBytes(StandardCharsets.UTF_8);
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
    void aBlockWithAnOpDepositReadsWholeOnBothClients() {
        result.set(blockWith(answer("tx-op-deposit.json"), answer("tx-dynamic-fee.json"), answer("tx-celo-cip64.json")));
        Block blocking = client.getBlockByNumber(BlockTag.LATEST, true).orElseThrow();
        Block async = client.async().getBlockByNumber(BlockTag.LATEST, true).join().orElseThrow();
        assertThat(async).isEqualTo(blocking);
        assertThat(blocking.transactions()).extracting(TransactionInfo::type).containsExactly(0x7e, 0x2, 0x7b);
        assertThat(blocking.transactions().getFirst().otherFields()).containsKeys("sourceHash", "mint");
        result.set(answer("tx-op-deposit.json"));
        assertThat(client.getTransactionByHash(ANY).orElseThrow()).isEqualTo(blocking.transactions().getFirst());
    }

    @Test
    void aMissingRequiredFieldIsNamedWithItsMethodOnBothClients() {
        missing(blockWith(answer("tx-dynamic-fee.json"), answer("tx-legacy.json").replaceFirst(
                        "\"hash\":\"0x[0-9a-f]+\",", "")),
                () -> client.getBlockByNumber(BlockTag.LATEST, true),
                () -> client.async().getBlockByNumber(BlockTag.LATEST, true).join(),
                "eth_getBlockByNumber", "block.transactions[1].hash: missing");
        missing(answer("block-prague.json").replaceFirst("\"parentHash\":\"0x[0-9a-f]+\",", ""),
                () -> client.getBlockByHash(ANY, false), () -> client.async().getBlockByHash(ANY, false).join(),
                "eth_getBlockByHash", "block.parentHash: missing");
        missing(answer("tx-blob.json").replaceFirst("\"from\":\"0x[0-9a-f]+\",", ""),
                () -> client.getTransactionByHash(ANY), () -> client.async().getTransactionByHash(ANY).join(),
                "eth_getTransactionByHash", "transaction.from: missing");
        missing(answer("receipt-pre-byzantium.json").replaceFirst("\"blockHash\":\"0x[0-9a-f]+\",", ""),
                () -> client.getTransactionReceipt(ANY), () -> client.async().getTransactionReceipt(ANY).join(),
                "eth_getTransactionReceipt", "receipt.blockHash: missing");
        // a receipt must carry the field of its fork: status since Byzantium, root before it
        missing(answer("receipt-pre-byzantium.json").replaceFirst("\"root\":\"0x[0-9a-f]+\",", ""),
                () -> client.getTransactionReceipt(ANY), () -> client.async().getTransactionReceipt(ANY).join(),
                "eth_getTransactionReceipt", "receipt.status: missing (and no pre-Byzantium state root");
        assertThat(provider.pendingRequests()).isZero();
    }

    private void missing(String answer, Supplier<Object> blocking, Supplier<Object> async, String method,
                         String field) {
        result.set(answer);
        assertThatThrownBy(blocking::get).isInstanceOf(InvalidResponseException.class).hasMessageContaining(method)
                .hasMessageContaining(field);
        assertThatThrownBy(async::get).isInstanceOf(CompletionException.class)
                .cause().isInstanceOf(InvalidResponseException.class).hasMessageContaining(method)
                .hasMessageContaining(field);
    }
}
