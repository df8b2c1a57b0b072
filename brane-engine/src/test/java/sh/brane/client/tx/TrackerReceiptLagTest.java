package sh.brane.client.tx;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.math.BigInteger;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import sh.brane.client.BraneClient;
import sh.brane.core.crypto.PrivateKey;
import sh.brane.core.types.Address;
import sh.brane.devnet.Anvil;
import sh.brane.rpc.HttpProvider;
import sh.brane.signer.LocalSigner;

/**
 * A node that counts a block's nonces before it serves the block's receipts (Anvil does, now and then, while it
 * mines; so does a load balancer whose nodes are a block apart). The tracker, reading it, must never report a mined
 * transfer as REPLACED: that state is final, and a caller who sees it may pay again. Between the tracker and a real
 * Anvil sits a loopback JSON-RPC forwarder that answers "no receipt" for a chosen transaction a chosen number of
 * times; everything else reaches Anvil unchanged.
 */
class TrackerReceiptLagTest {
    private static final BigInteger GWEI = BigInteger.valueOf(1_000_000_000L);
    private static final Pattern RECEIPT_CALL = Pattern.compile(
            "\"method\"\\s*:\\s*\"eth_getTransactionReceipt\".*\"params\"\\s*:\\s*\\[\\s*\"(0x[0-9a-fA-F]{64})\"");
    private static final Pattern ID = Pattern.compile("\"id\"\\s*:\\s*(\\d+)");

    private static Anvil anvil;
    private static HttpServer forwarder;
    private static final HttpClient UPSTREAM = HttpClient.newHttpClient();
    /** The transaction whose receipt the forwarder hides, and how many more times it hides it. */
    private static volatile String hiddenReceipt = "";
    private static final AtomicInteger hideMore = new AtomicInteger();
    private static final AtomicInteger hidden = new AtomicInteger();

    @BeforeAll
    static void start() throws IOException {
        anvil = Anvil.builder().noMining().start();
        forwarder = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 50);
        forwarder.setExecutor(Executors.newFixedThreadPool(4, r -> {
            Thread t = new Thread(r, "receipt-lag-forwarder");
            t.setDaemon(true);
            return t;
        }));
        forwarder.createContext("/", TrackerReceiptLagTest::forward);
        forwarder.start();
    }

    @AfterAll
    static void stop() {
        if (forwarder != null) {
            forwarder.stop(0);
        }
        if (anvil != null) {
            anvil.close();
        }
    }

    private static void forward(HttpExchange exchange) throws IOException {
        String body;
        try (InputStream in = exchange.getRequestBody()) {
            body = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        String answer = hiddenAnswer(body);
        if (answer == null) {
            try {
                answer = UPSTREAM.send(HttpRequest.newBuilder(URI.create(anvil.httpUrl()))
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString())
                    .body();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException(e);
            }
        }
        byte[] bytes = answer.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(200, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    /** "No receipt" for the hidden transaction while hides are left; null to forward the call. */
    private static String hiddenAnswer(String body) {
        Matcher receipt = RECEIPT_CALL.matcher(body);
        if (body.trim().startsWith("[") || !receipt.find() || !receipt.group(1).equalsIgnoreCase(hiddenReceipt)) {
            return null;
        }
        if (hideMore.getAndUpdate(n -> Math.max(0, n - 1)) == 0) {
            return null;
        }
        hidden.incrementAndGet();
        Matcher id = ID.matcher(body);
        return "{\"jsonrpc\":\"2.0\",\"id\":" + (id.find() ? id.group(1) : "1") + ",\"result\":null}";
    }

    private static TransactionSender sender(BraneClient client, int account) {
        PrivateKey key = PrivateKey.fromHex(anvil.account(account).privateKey());
        return new TransactionSender(client, new LocalSigner("lag", key), ChainIdGuard.pinned(Anvil.DEFAULT_CHAIN_ID),
                SendLimits.NONE, new InMemoryTransactionStore());
    }

    private static JournalEntry transfer(TransactionSender s, long value, long maxFeeGwei) {
        return s.send(n -> TransactionLifecycleTestBase.transfer(n, TransactionLifecycleTestBase.BOB, value,
                GWEI.multiply(BigInteger.valueOf(maxFeeGwei))));
    }

    private static void mine(BraneClient client) {
        client.provider().send("evm_mine", java.util.List.of());
    }

    @Test
    void aMinedTransferWhoseReceiptTheNodeDoesNotServeYetIsNeverReportedReplaced() {
        try (HttpProvider provider = HttpProvider.create("http://127.0.0.1:" + forwarder.getAddress().getPort());
                BraneClient client = new BraneClient(provider, Duration.ofSeconds(5))) {
            TransactionSender s = sender(client, 5);
            TransactionLifecycleTestBase.Recorder events = new TransactionLifecycleTestBase.Recorder();
            s.addListener(events);
            TransactionTracker tracker = s.tracker(1, Duration.ofMillis(50), Duration.ofSeconds(5));
            JournalEntry paid = transfer(s, 7, 20);
            mine(client);

            hidden.set(0);
            hiddenReceipt = paid.hash().toHex();
            hideMore.set(3);
            for (int pass = 0; pass < 3; pass++) {
                tracker.poll();
                assertThat(s.store().find(paid.hash()).orElseThrow().state()).as("pass %d", pass)
                    .isEqualTo(TxState.SENT);
            }
            assertThat(hidden).as("the forwarder hid the receipt on every pass").hasValue(3);

            tracker.poll(); // the receipt is served again
            assertThat(s.store().find(paid.hash()).orElseThrow().state()).isEqualTo(TxState.CONFIRMED);
            assertThat(events.statesOf(paid.hash())).doesNotContain(TxState.REPLACED).endsWith(TxState.CONFIRMED);
        }
    }

    @Test
    void aReplacedTransferIsReportedOnlyOnceTheReplacementHasTheConfirmationsAConfirmedOneWouldNeed() {
        try (HttpProvider provider = HttpProvider.create(anvil.httpUrl());
                BraneClient client = new BraneClient(provider, Duration.ofSeconds(5))) {
            TransactionSender s = sender(client, 6);
            TransactionTracker tracker = s.tracker(3, Duration.ofMillis(50), Duration.ofSeconds(5));
            JournalEntry unwanted = transfer(s, 1_000, 20);
            JournalEntry cancel = s.cancel(unwanted.hash());

            mine(client); // the cancel is in a block: its nonce is used, the unwanted transfer is unknown
            for (int blocks = 1; blocks < 3; blocks++) {
                tracker.poll();
                assertThat(s.store().find(unwanted.hash()).orElseThrow().state()).as("after %d blocks", blocks)
                    .isNotEqualTo(TxState.REPLACED);
                assertThat(s.store().find(cancel.hash()).orElseThrow().state()).isNotEqualTo(TxState.CONFIRMED);
                mine(client);
            }
            tracker.poll();
            assertThat(s.store().find(unwanted.hash()).orElseThrow().state()).isEqualTo(TxState.REPLACED);
            assertThat(s.store().find(cancel.hash()).orElseThrow().state()).isEqualTo(TxState.CONFIRMED);
        }
    }
}
