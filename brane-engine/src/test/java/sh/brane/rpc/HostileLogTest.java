package sh.brane.rpc;

import static org.assertj.core.api.Assertions.assertThat;
import static sh.brane.rpc.WebSocketProviderTest.await;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What a hostile node sends reaches the log escaped and cut: no forged line, no terminal escape, no
 * megabyte line. The engine logs through SLF4J; the tests bind slf4j-simple, which writes to whatever
 * {@code System.err} is at the time of the call, so the log is read by swapping it.
 */
class HostileLogTest {

    private final ByteArrayOutputStream captured = new ByteArrayOutputStream();
    private PrintStream originalErr;
    private TestWsServer server;
    private WebSocketProvider provider;

    @BeforeEach
    void capture() throws Exception {
        originalErr = System.err;
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        server = TestWsServer.start(TestWsServer.DEFAULT);
        provider = WebSocketProvider.create(WebSocketConfig.builder(server.url())
                .requestTimeout(Duration.ofSeconds(5)).build());
    }

    @AfterEach
    void restore() {
        provider.close();
        server.close();
        System.setErr(originalErr);
    }

    private String log() {
        return captured.toString(StandardCharsets.UTF_8);
    }

    @Test
    void aForgedMethodNameIsEscapedInTheWarning() throws Exception {
        provider.send("eth_chainId", List.of());
        // JSON escapes: the parsed method holds a real CR LF, ESC and a right-to-left override
        server.pushAll("{\"jsonrpc\":\"2.0\",\"method\":\"x\\r\\n[main] INFO sh.brane.pay - FORGED\\u001b[2J\\u202e\","
                + "\"params\":{}}");
        await(() -> log().contains("unexpected server message"), "the warning");
        String log = log();
        assertThat(log).doesNotContain("\n[main] INFO sh.brane.pay - FORGED").doesNotContain("\u001b")
            .doesNotContain("\u202e");
        assertThat(log).contains("x\\r\\n[main] INFO sh.brane.pay - FORGED\\u001b[2J\\u202e");
    }

    @Test
    void aForgedIdAndErrorObjectAreEscapedInTheWarning() throws Exception {
        provider.send("eth_chainId", List.of());
        server.pushAll("{\"jsonrpc\":\"2.0\",\"id\":\"1\\nFORGED-ID\",\"error\":{\"code\":1,\"message\":\"m\\u2028FORGED-ERR\"}}");
        await(() -> log().contains("unusable id"), "the warning");
        String log = log();
        assertThat(log).doesNotContain("\nFORGED-ID").doesNotContain("\u2028");
        assertThat(log).contains("1\\nFORGED-ID").contains("m\\u2028FORGED-ERR");
    }

    @Test
    void aHugeMethodNameIsCut() throws Exception {
        provider.send("eth_chainId", List.of());
        server.pushAll("{\"jsonrpc\":\"2.0\",\"method\":\"" + "m".repeat(50_000) + "\",\"params\":{}}");
        await(() -> log().contains("unexpected server message"), "the warning");
        String line = log().lines().filter(l -> l.contains("unexpected server message")).findFirst().orElseThrow();
        assertThat(line.length()).isLessThan(2_000);
        assertThat(line).contains("more chars]");
    }
}
