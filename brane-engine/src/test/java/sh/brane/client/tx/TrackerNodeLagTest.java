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
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
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
 * A node whose answers lag one another: it counts a block's nonces before it serves the block's receipts (Anvil does,
 * now and then, while it mines), or answers from a node a block behind (a load balancer). The tracker, reading it,
 * must never report a mined transfer as REPLACED or DROPPED: those states are final, and a caller who sees them may
 * pay again. Between the tracker and a real Anvil sits a loopback JSON-RPC forwarder that gives a chosen stale answer
 * to a chosen call a chosen number of times; everything else reaches Anvil unchanged.
 */
class TrackerNodeLagTest {
    private static final BigInteger GWEI = BigInteger.valueOf(1_000_000_000L);
    private static final Pattern METHOD = Pattern.compile("\"method\"\\s*:\\s*\"([A-Za-z_]+)\"");
    private static final Pattern ID = Pattern.compile("\"id\"\\s*:\\s*(\\d+)");

    private static Anvil anvil;
    private static HttpServer forwarder;
    private static ExecutorService forwarderThreads;
    private static final HttpClient UPSTREAM = HttpClient.newHttpClient();
    /**
     * A stale answer the forwarder gives: to calls of {@code method} whose params hold {@code paramsHolding}, the
     * first {@code times} times.
     */
    private static final class Stale {
        final String method;
        final String paramsHolding;
        final String result;
        final AtomicInteger left;
        final AtomicInteger given = new AtomicInteger();

        Stale(String method, String paramsHolding, String result, int times) {
            this.method = method;
            this.paramsHolding = paramsHolding.toLowerCase(Locale.ROOT);
            this.result = result;
            this.left = new AtomicInteger(times);
        }
    }

    private static final List<Stale> STALE = new CopyOnWriteArrayList<>();

    private static Stale answerStale(String method, String paramsHolding, String result, int times) {
        Stale s = new Stale(method, paramsHolding, result, times);
        STALE.add(s);
        return s;
    }

    @BeforeAll
    static void start() throws IOException {
        anvil = Anvil.builder().noMining().start();
        forwarder = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 50);
        forwarderThreads = Executors.newFixedThreadPool(4, r -> {
            Thread t = new Thread(r, "node-lag-forwarder");
            t.setDaemon(true);
            return t;
        });
        forwarder.setExecutor(forwarderThreads);
        forwarder.createContext("/", TrackerNodeLagTest::forward);
        forwarder.start();
    }

    @AfterEach
    void noStaleAnswersLeft() {
        STALE.clear();
    }

    @AfterAll
    static void stop() {
        if (forwarder != null) {
            forwarder.stop(0);
            forwarderThreads.shutdownNow();
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
        String answer = staleAnswer(body);
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

    /** A stale answer, if the body is a call one replaces and it has some left; null to forward the call. */
    private static String staleAnswer(String body) {
        Matcher method = METHOD.matcher(body);
        if (body.trim().startsWith("[") || !method.find()) {
            return null;
        }
        String lower = body.toLowerCase(Locale.ROOT);
        for (Stale s : STALE) {
            if (s.method.equals(method.group(1)) && lower.contains(s.paramsHolding)
                    && s.left.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
                s.given.incrementAndGet();
                Matcher id = ID.matcher(body);
                return "{\"jsonrpc\":\"2.0\",\"id\":" + (id.find() ? id.group(1) : "1") + ",\"result\":" + s.result
                        + "}";
            }
        }
        return null;
    }

    private static TransactionSender sender(BraneClient client, int account) {
        PrivateKey key = PrivateKey.fromHex(anvil.account(account).privateKey());
        return new TransactionSender(client, new LocalSigner("lag", key), ChainIdGuard.pinned(Anvil.DEFAULT_CHAIN_ID),
                SendLimits.NONE, new InMemoryTransactionStore());
    }

    /** One account's sender, its recorded events and its tracker, over a provider of its own. */
    private record Account(HttpProvider provider, BraneClient client, TransactionSender s,
            TransactionLifecycleTestBase.Recorder events, TransactionTracker tracker) implements AutoCloseable {

        /** Dev account {@code index}, through the forwarder or straight to Anvil. */
        static Account of(int index, boolean viaForwarder, int confirmations, Duration resendAfter) {
            HttpProvider provider = HttpProvider.create(viaForwarder
                    ? "http://127.0.0.1:" + forwarder.getAddress().getPort() : anvil.httpUrl());
            BraneClient client = new BraneClient(provider, Duration.ofSeconds(5));
            TransactionSender s = sender(client, index);
            TransactionLifecycleTestBase.Recorder events = new TransactionLifecycleTestBase.Recorder();
            s.addListener(events);
            return new Account(provider, client, s, events,
                    s.tracker(confirmations, Duration.ofMillis(50), resendAfter));
        }

        TxState state(JournalEntry e) {
            return s.store().find(e.hash()).orElseThrow().state();
        }

        @Override
        public void close() {
            client.close();
            provider.close();
        }
    }

    private static JournalEntry transfer(TransactionSender s, long value, long maxFeeGwei) {
        return s.send(n -> TransactionLifecycleTestBase.transfer(n, TransactionLifecycleTestBase.BOB, value,
                GWEI.multiply(BigInteger.valueOf(maxFeeGwei))));
    }

    private static void mine(BraneClient client) {
        client.provider().send("evm_mine", List.of());
    }

    @Test
    void aMinedTransferWhoseReceiptTheNodeDoesNotServeYetIsNeverReportedReplaced() {
        try (Account a = Account.of(5, true, 1, Duration.ofSeconds(5))) {
            JournalEntry paid = transfer(a.s(), 7, 20);
            mine(a.client());

            Stale noReceipt = answerStale("eth_getTransactionReceipt", paid.hash().toHex(), "null", 3);
            for (int pass = 0; pass < 3; pass++) {
                a.tracker().poll();
                assertThat(a.state(paid)).as("pass %d", pass).isEqualTo(TxState.SENT);
            }
            assertThat(noReceipt.given).as("the forwarder hid the receipt on every pass").hasValue(3);

            a.tracker().poll(); // the receipt is served again
            assertThat(a.state(paid)).isEqualTo(TxState.CONFIRMED);
            assertThat(a.events().statesOf(paid.hash())).doesNotContain(TxState.REPLACED).endsWith(TxState.CONFIRMED);
        }
    }

    @Test
    void aReplacedTransferIsReportedOnlyOnceTheReplacementHasTheConfirmationsAConfirmedOneWouldNeed() {
        try (Account a = Account.of(6, false, 3, Duration.ofSeconds(5))) {
            JournalEntry unwanted = transfer(a.s(), 1_000, 20);
            JournalEntry cancel = a.s().cancel(unwanted.hash());

            mine(a.client()); // the cancel is in a block: its nonce is used, the unwanted transfer is unknown
            for (int blocks = 1; blocks < 3; blocks++) {
                a.tracker().poll();
                assertThat(a.state(unwanted)).as("after %d blocks", blocks).isNotEqualTo(TxState.REPLACED);
                assertThat(a.state(cancel)).isNotEqualTo(TxState.CONFIRMED);
                mine(a.client());
            }
            a.tracker().poll();
            assertThat(a.state(unwanted)).isEqualTo(TxState.REPLACED);
            assertThat(a.state(cancel)).isEqualTo(TxState.CONFIRMED);
        }
    }

    @Test
    void aMinedTransferTheNodeLooksNotToHoldIsResentAndTheRefusalDoesNotDropIt() {
        try (Account a = Account.of(7, true, 1, Duration.ZERO)) {
            JournalEntry paid = transfer(a.s(), 9, 20);
            mine(a.client());

            // one pass read from a node a block behind: the account's nonce unused, the transfer unknown; the re-sent
            // bytes reach the real node, which has mined them and refuses them
            String account = a.s().address().toHex().substring(2);
            String nonce = "\"0x" + Long.toHexString(paid.nonce()) + "\"";
            Stale counts = answerStale("eth_getTransactionCount", account, nonce, 2);
            Stale unknown = answerStale("eth_getTransactionByHash", paid.hash().toHex(), "null", 1);
            a.tracker().poll();
            assertThat(counts.given).hasValue(2);
            assertThat(unknown.given).hasValue(1);
            assertThat(a.state(paid)).isEqualTo(TxState.SENT);

            a.tracker().poll();
            assertThat(a.state(paid)).isEqualTo(TxState.CONFIRMED);
            assertThat(a.events().statesOf(paid.hash())).endsWith(TxState.DROPPED, TxState.SENT, TxState.CONFIRMED);
        }
    }

    @Test
    void anIncludedTransferIsNotSentBackToWaitingByOneStaleNonceCount() {
        try (Account a = Account.of(8, true, 3, Duration.ZERO)) {
            JournalEntry paid = transfer(a.s(), 11, 20);
            mine(a.client());
            a.tracker().poll();
            assertThat(a.state(paid)).isEqualTo(TxState.INCLUDED);

            // one pass whose nonce counts come from a node a block behind: the receipt is still served
            String nonce = "\"0x" + Long.toHexString(paid.nonce()) + "\"";
            Stale counts = answerStale("eth_getTransactionCount", a.s().address().toHex().substring(2), nonce, 2);
            a.tracker().poll();
            assertThat(counts.given).hasValue(2);
            assertThat(a.state(paid)).isEqualTo(TxState.INCLUDED);

            mine(a.client());
            mine(a.client());
            a.tracker().poll();
            assertThat(a.state(paid)).isEqualTo(TxState.CONFIRMED);
            assertThat(a.events().statesOf(paid.hash())).containsExactly(TxState.SENT, TxState.INCLUDED,
                    TxState.CONFIRMED);
        }
    }

    @Test
    void aTransferWhoseBlockReallyLeftTheChainGoesBackToWaitingAndIsSentAgain() {
        try (Account a = Account.of(9, false, 3, Duration.ZERO)) {
            String beforeTheBlock = a.client().provider().send("evm_snapshot", List.of()).asString();
            JournalEntry paid = transfer(a.s(), 13, 20);
            mine(a.client());
            a.tracker().poll();
            assertThat(a.state(paid)).isEqualTo(TxState.INCLUDED);

            // the block leaves the chain (and Anvil's pool forgets the transfer): receipt and nonce both gone
            assertThat(a.client().provider().send("evm_revert", List.of(beforeTheBlock)).asBoolean()).isTrue();
            a.tracker().poll();
            assertThat(a.state(paid)).isEqualTo(TxState.SENT);
            a.tracker().poll(); // the node does not hold it: the journalled bytes go again
            for (int i = 0; i < 3; i++) {
                mine(a.client());
            }
            a.tracker().poll();
            assertThat(a.state(paid)).isEqualTo(TxState.CONFIRMED);
            assertThat(a.events().statesOf(paid.hash())).containsSubsequence(TxState.INCLUDED, TxState.SENT,
                    TxState.DROPPED, TxState.SENT, TxState.CONFIRMED);
        }
    }
}
