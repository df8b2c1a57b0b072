package sh.brane.devnet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class AnvilTest {

    @Test
    void startsOnLoopbackAndAnswersChainIdOverHttp() {
        try (Anvil anvil = Anvil.start()) {
            assertThat(anvil.isRunning()).isTrue();
            assertThat(anvil.httpUrl()).isEqualTo("http://127.0.0.1:" + anvil.port());
            assertThat(anvil.wsUrl()).isEqualTo("ws://127.0.0.1:" + anvil.port());
            assertThat(Rpc.result(anvil.httpUrl(), "eth_chainId", "[]")).isEqualTo("0x7a69");
            assertThat(anvil.chainId()).isEqualTo(31337L).isEqualTo(Anvil.DEFAULT_CHAIN_ID);
        }
    }

    @Test
    void webSocketUrlAnswersChainId() throws Exception {
        try (Anvil anvil = Anvil.start()) {
            CompletableFuture<String> reply = new CompletableFuture<>();
            WebSocket ws = HttpClient.newHttpClient().newWebSocketBuilder()
                    .buildAsync(URI.create(anvil.wsUrl()), new WebSocket.Listener() {
                        private final StringBuilder text = new StringBuilder();

                        @Override
                        public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
                            text.append(data);
                            if (last) {
                                reply.complete(text.toString());
                            }
                            webSocket.request(1);
                            return null;
                        }
                    }).get(10, TimeUnit.SECONDS);
            ws.sendText("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"eth_chainId\",\"params\":[]}", true);
            assertThat(reply.get(10, TimeUnit.SECONDS)).contains("\"result\":\"0x7a69\"").contains("\"id\":7");
            ws.sendClose(WebSocket.NORMAL_CLOSURE, "").get(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void exposesTheDefaultDevAccountsAndTheyAreFunded() {
        try (Anvil anvil = Anvil.start()) {
            assertThat(anvil.accounts()).hasSize(10).isEqualTo(DevAccount.defaults());
            assertThat(anvil.account(0).address()).isEqualTo("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266");
            assertThat(Rpc.call(anvil.httpUrl(), "eth_accounts", "[]").get("result").toString().toLowerCase())
                    .contains(anvil.account(9).address().toLowerCase());
            String balance = Rpc.result(anvil.httpUrl(), "eth_getBalance", "[\"" + anvil.account(3).address() + "\",\"latest\"]");
            assertThat(balance).isEqualTo("0x21e19e0c9bab2400000"); // 10,000 ETH
            assertThatThrownBy(() -> anvil.account(10)).isInstanceOf(IndexOutOfBoundsException.class);
        }
    }

    @Test
    void optionsReachAnvilAndSecretsStayOutOfOutputAndToString() {
        String mnemonic = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about";
        try (Anvil anvil = Anvil.builder().chainId(1337).accounts(3).mnemonic(mnemonic).hardfork("prague").start()) {
            assertThat(Rpc.result(anvil.httpUrl(), "eth_chainId", "[]")).isEqualTo("0x539");
            assertThat(anvil.chainId()).isEqualTo(1337L);
            assertThat(anvil.accounts()).hasSize(3);
            // first account of the "abandon … about" mnemonic at m/44'/60'/0'/0/0
            assertThat(anvil.account(0).address()).isEqualTo("0x9858EfFD232B4033E47d90003D41EC34EcaEda94");
            assertThat(anvil.account(0).privateKey()).hasSize(66).startsWith("0x");
            assertThat(anvil.account(0).toString()).doesNotContain(anvil.account(0).privateKey().substring(2));
            String output = String.join("\n", anvil.recentOutput());
            assertThat(output).contains("Listening on 127.0.0.1:" + anvil.port()).contains(OutputDrain.REDACTED);
            for (DevAccount a : anvil.accounts()) {
                assertThat(output).doesNotContain(a.privateKey().substring(2));
            }
            assertThat(output).doesNotContain(mnemonic);
        }
    }

    @Test
    void closeKillsOnlyOurProcessAndIsIdempotent() throws Exception {
        try (Anvil other = Anvil.start()) {
            Anvil anvil = Anvil.start();
            long pid = anvil.pid();
            assertThat(ProcessHandle.of(pid)).hasValueSatisfying(h -> assertThat(h.isAlive()).isTrue());
            anvil.close();
            anvil.close();
            assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)).isFalse();
            assertThat(anvil.isRunning()).isFalse();
            assertThatThrownBy(anvil::pid).isInstanceOf(IllegalStateException.class);
            assertThatThrownBy(anvil::restart).isInstanceOf(IllegalStateException.class);
            // the other node is untouched
            assertThat(other.isRunning()).isTrue();
            assertThat(Rpc.result(other.httpUrl(), "eth_chainId", "[]")).isEqualTo("0x7a69");
        }
    }

    @Test
    void stopAndRestartUseTheSamePortWithAFreshChain() {
        try (Anvil anvil = Anvil.start()) {
            int port = anvil.port();
            long firstPid = anvil.pid();
            Rpc.result(anvil.httpUrl(), "evm_mine", "[]");
            assertThat(Rpc.result(anvil.httpUrl(), "eth_blockNumber", "[]")).isEqualTo("0x1");

            anvil.stop();
            assertThat(anvil.isRunning()).isFalse();
            assertThat(ProcessHandle.of(firstPid).map(ProcessHandle::isAlive).orElse(false)).isFalse();
            assertThatThrownBy(() -> Rpc.result(anvil.httpUrl(), "eth_chainId", "[]"))
                    .isInstanceOf(IllegalStateException.class);

            anvil.restart();
            assertThat(anvil.port()).isEqualTo(port);
            assertThat(anvil.pid()).isNotEqualTo(firstPid);
            assertThat(Rpc.result(anvil.httpUrl(), "eth_blockNumber", "[]")).isEqualTo("0x0");

            anvil.restart(); // restart while running: stops first
            assertThat(anvil.port()).isEqualTo(port);
            assertThat(Rpc.result(anvil.httpUrl(), "eth_chainId", "[]")).isEqualTo("0x7a69");
        }
    }

    @Test
    void twoNodesAtOnceGetDifferentPorts() {
        try (Anvil a = Anvil.start(); Anvil b = Anvil.start()) {
            assertThat(a.port()).isNotEqualTo(b.port());
            assertThat(a.pid()).isNotEqualTo(b.pid());
            Rpc.result(a.httpUrl(), "evm_mine", "[]");
            assertThat(Rpc.result(a.httpUrl(), "eth_blockNumber", "[]")).isEqualTo("0x1");
            assertThat(Rpc.result(b.httpUrl(), "eth_blockNumber", "[]")).isEqualTo("0x0");
        }
    }

    @Test
    void aFixedPortThatIsTakenFailsWithAnvilsOutput() {
        try (Anvil a = Anvil.start()) {
            assertThatThrownBy(() -> Anvil.builder().port(a.port()).start())
                    .isInstanceOf(AnvilException.class)
                    .hasMessageContaining("exited with code")
                    .hasMessageContaining("Address already in use");
            assertThat(a.isRunning()).isTrue();
        }
    }

    @Test
    void badArgumentsFailWithTheTailOfAnvilsOutput() {
        assertThatThrownBy(() -> Anvil.builder().extraArgs("--no-such-flag").start())
                .isInstanceOf(AnvilException.class)
                .hasMessageContaining("before answering eth_chainId")
                .hasMessageContaining("--no-such-flag")
                .hasMessageContaining("Last output:");
    }

    @Test
    void aCustomMnemonicNeverAppearsInAStartupError() {
        String mnemonic = "legal winner thank year wave sausage worth useful legal winner thank yellow";
        assertThatThrownBy(() -> Anvil.builder().mnemonic(mnemonic).extraArgs("--no-such-flag").start())
                .isInstanceOf(AnvilException.class)
                .hasMessageNotContaining("sausage");
    }

    @Test
    void aJvmThatExitsWithoutCloseStillStopsItsAnvil() throws Exception {
        String javaBin = ProcessHandle.current().info().command().orElseThrow();
        Process child = new ProcessBuilder(javaBin, "-cp", System.getProperty("java.class.path"),
                ShutdownHookMain.class.getName()).redirectErrorStream(true).start();
        String out = new String(child.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(child.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(child.exitValue()).as(out).isZero();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("PID (\\d+)").matcher(out);
        assertThat(m.find()).as(out).isTrue();
        long pid = Long.parseLong(m.group(1));
        // the hook waits for the process to exit, so it is gone once the JVM is
        assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)).as("anvil pid %s", pid).isFalse();
    }

    @Test
    void aStartupTimeoutFailsWithTheTailAndLeavesNoProcess() {
        Throwable thrown = org.assertj.core.api.Assertions.catchThrowable(
                () -> Anvil.builder().startupTimeout(java.time.Duration.ofNanos(1)).start());
        assertThat(thrown).isInstanceOf(AnvilException.class)
                .hasMessageContaining("did not answer eth_chainId")
                .hasMessageContaining("Last output:");
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("pid (\\d+)").matcher(thrown.getMessage());
        assertThat(m.find()).isTrue();
        assertThat(ProcessHandle.of(Long.parseLong(m.group(1))).map(ProcessHandle::isAlive).orElse(false)).isFalse();
    }

    @Test
    void silentAnvilWithoutBannerStillStartsAndKeepsDefaultAccounts() {
        try (Anvil anvil = Anvil.builder().accounts(4).extraArgs("--silent").start()) {
            assertThat(Rpc.result(anvil.httpUrl(), "eth_chainId", "[]")).isEqualTo("0x7a69");
            assertThat(anvil.accounts()).isEqualTo(DevAccount.defaults().subList(0, 4));
        }
    }

    @Test
    void builderRejectsNonsense() {
        assertThatThrownBy(() -> Anvil.builder().chainId(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("chainId");
        assertThatThrownBy(() -> Anvil.builder().port(70000)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("port");
        assertThatThrownBy(() -> Anvil.builder().blockTime(0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Anvil.builder().accounts(0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void parsesChainIdAnswers() {
        assertThat(Anvil.parseResult("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":\"0x7a69\"}")).isEqualTo(31337L);
        assertThat(Anvil.parseResult("{\"id\":1,\"result\": \"0x1\"}")).isEqualTo(1L);
        assertThat(Anvil.parseResult("{\"error\":{\"code\":-32601}}")).isNull();
        assertThat(Anvil.parseResult("{\"result\":\"0xzz\"}")).isNull();
        assertThat(Anvil.parseResult("{\"result\":\"0x\"}")).isNull();
        assertThat(Anvil.parseResult("{\"result\":")).isNull();
    }
}
