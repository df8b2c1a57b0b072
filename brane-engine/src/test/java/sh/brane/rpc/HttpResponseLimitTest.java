package sh.brane.rpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A node (or anything between it and us on http://) that answers with an endless or enormous body must
 * not make the provider buffer it: the call fails with {@link FrameTooLargeException} once the body passes
 * {@code maxResponseSize}, and the transfer is cancelled. The timeout is a hang guard only.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class HttpResponseLimitTest {

    private HttpServer server;
    private final AtomicLong bytesSent = new AtomicLong();

    @AfterEach
    void stop() {
        if (server != null) {
            server.stop(0);
        }
    }

    /** Streams chunked JSON for up to {@code maxBytes}, stopping when the client hangs up. */
    private String startStreaming(long maxBytes) throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", ex -> {
            ex.getRequestBody().readAllBytes();
            ex.sendResponseHeaders(200, 0);
            byte[] chunk = "[1,2,3,4,5,6,7,8],".repeat(1000).getBytes(StandardCharsets.US_ASCII);
            try (OutputStream out = ex.getResponseBody()) {
                out.write("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":[".getBytes(StandardCharsets.US_ASCII));
                while (bytesSent.get() < maxBytes) {
                    out.write(chunk);
                    bytesSent.addAndGet(chunk.length);
                }
            } catch (IOException clientHungUp) {
                // expected: the provider cancelled the body
            }
        });
        server.start();
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    @Test
    void endlessBodyFailsOnceItPassesTheLimit() throws Exception {
        String url = startStreaming(1L << 30);
        try (HttpProvider p = HttpProvider.create(HttpConfig.builder(url).maxResponseSize(256 * 1024)
                .requestTimeout(Duration.ofSeconds(30)).build())) {
            assertThatThrownBy(() -> p.send("eth_getLogs", List.of()))
                    .isInstanceOf(FrameTooLargeException.class)
                    .hasMessageContaining("eth_getLogs")
                    .hasMessageContaining("maxResponseSize")
                    .hasMessageContaining("262144 bytes");
        }
        // the server stopped long before its gigabyte: the client cut the transfer
        assertThat(bytesSent.get()).isLessThan(1L << 30);
    }

    @Test
    void declaredContentLengthAboveTheLimitIsRefusedBeforeReading() throws Exception {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", ex -> {
            ex.getRequestBody().readAllBytes();
            ex.sendResponseHeaders(200, 1L << 40);
            OutputStream out = ex.getResponseBody();
            try {
                out.write("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":\"".getBytes(StandardCharsets.US_ASCII));
                out.flush();
                // trickle until the client hangs up (it should at once), at most 10 s
                for (int i = 0; i < 100; i++) {
                    Thread.sleep(100);
                    out.write('a');
                    out.flush();
                    bytesSent.incrementAndGet();
                }
            } catch (IOException clientHungUp) {
                // expected
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            ex.close();
        });
        server.start();
        try (HttpProvider p = HttpProvider.create("http://127.0.0.1:" + server.getAddress().getPort())) {
            assertThatThrownBy(() -> p.send("eth_chainId", List.of()))
                    .isInstanceOf(FrameTooLargeException.class)
                    .hasMessageContaining("Content-Length 1099511627776")
                    .hasMessageContaining(String.valueOf(HttpConfig.DEFAULT_MAX_RESPONSE_SIZE));
        }
        assertThat(bytesSent.get()).as("the client hung up before the body trickled in").isLessThan(100);
    }

    @Test
    void answersUpToTheLimitStillWork() throws Exception {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        String result = "0x" + "ab".repeat(100_000);
        server.createContext("/", ex -> {
            ex.getRequestBody().readAllBytes();
            byte[] body = ("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":\"" + result + "\"}").getBytes(StandardCharsets.US_ASCII);
            ex.sendResponseHeaders(200, 0);
            try (OutputStream out = ex.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
        try (HttpProvider p = HttpProvider.create(HttpConfig.builder("http://127.0.0.1:" + server.getAddress().getPort())
                .maxResponseSize(256 * 1024).build())) {
            assertThat(p.send("eth_call", List.of()).asString()).isEqualTo(result);
        }
    }

    @Test
    void limitIsValidated() {
        assertThatThrownBy(() -> HttpConfig.builder("http://h").maxResponseSize(10).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("maxResponseSize must be between 1024 and 1073741824, got 10");
        assertThat(HttpConfig.builder("http://h").build().maxResponseSize()).isEqualTo(64 * 1024 * 1024);
    }
}
