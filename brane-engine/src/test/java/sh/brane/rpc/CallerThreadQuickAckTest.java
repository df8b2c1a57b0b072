package sh.brane.rpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;
import static sh.brane.rpc.RawHttpServer.After.KEEP_OPEN;
import static sh.brane.rpc.RawHttpServer.ok;
import static sh.brane.rpc.RawHttpServer.result;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketOption;
import java.nio.channels.NetworkChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link CallerThreadHttp} re-arms {@code TCP_QUICKACK} on the caller's own connection while an answer is coming
 * (while the rest of a split answer is awaited, not for an answer that comes whole), where the socket takes it;
 * where arming fails, calls go on without it. The timeout is a hang guard only.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class CallerThreadQuickAckTest {

    /** An answer whose head and the first half of its body come first, and the rest a moment later. */
    private static final RawHttpServer.Responder SPLIT = (req, out, n) -> {
        byte[] all = ok(result(req.id(), "0x" + "ab".repeat(2000)));
        int half = all.length / 2;
        out.write(all, 0, half);
        out.flush();
        Thread.sleep(30); // the client reads the first part alone, then waits for the rest
        out.write(all, half, all.length - half);
        out.flush();
        return KEEP_OPEN;
    };

    private static final byte[] BODY = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"eth_chainId\",\"params\":[]}"
            .getBytes(StandardCharsets.UTF_8);

    /** Records each connection arming is asked for, and what the socket says right after. */
    private static final class Recorder implements Predicate<NetworkChannel> {
        final List<Integer> remotePorts = new CopyOnWriteArrayList<>();
        final List<Boolean> optionAfter = new CopyOnWriteArrayList<>();
        final boolean succeed;

        Recorder(boolean succeed) {
            this.succeed = succeed;
        }

        @Override
        public boolean test(NetworkChannel ch) {
            try {
                remotePorts.add(((InetSocketAddress) ((SocketChannel) ch).getRemoteAddress()).getPort());
                if (!succeed) {
                    return false;
                }
                boolean armed = SocketQuickAck.arm(ch);
                optionAfter.add(ch.getOption(quickAckOption()));
                return armed;
            } catch (IOException e) {
                throw new AssertionError(e);
            }
        }
    }

    @SuppressWarnings("unchecked")
    private static SocketOption<Boolean> quickAckOption() {
        try {
            return (SocketOption<Boolean>) Class.forName("jdk.net.ExtendedSocketOptions")
                    .getField("TCP_QUICKACK").get(null);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    private static boolean kernelTakesQuickAck() throws IOException {
        try (SocketChannel ch = SocketChannel.open()) {
            return SocketQuickAck.supported(ch);
        }
    }

    private static String call(CallerThreadHttp http) {
        HttpTransport.HttpReply reply = http.post(BODY, Map.of(), Duration.ofSeconds(10).toNanos()).join();
        try {
            assertThat(reply.status()).isEqualTo(200);
            return reply.body().toString(StandardCharsets.UTF_8);
        } finally {
            reply.release();
        }
    }

    @Test
    void armsQuickAckOnTheCallersConnectionWhileASplitAnswerIsComing() throws Exception {
        assumeThat(kernelTakesQuickAck()).as("TCP_QUICKACK exists on Linux only").isTrue();
        Recorder recorder = new Recorder(true);
        try (RawHttpServer server = new RawHttpServer(SPLIT);
                CallerThreadHttp http = new CallerThreadHttp(HttpConfig.builder(server.url()).build(), recorder)) {
            assertThat(call(http)).contains("\"id\":1").endsWith("ab\"}");
            int port = java.net.URI.create(server.url()).getPort();
            // while the second half was awaited
            assertThat(recorder.remotePorts).isNotEmpty().containsOnly(port);
            assertThat(recorder.optionAfter).containsOnly(true);
            int first = recorder.remotePorts.size();
            assertThat(call(http)).endsWith("ab\"}"); // the kept-alive connection is armed again on its next call
            assertThat(recorder.remotePorts.size()).isGreaterThan(first);
        }
    }

    @Test
    void anAnswerThatComesWholeIsNotArmedFor() throws Exception {
        Recorder recorder = new Recorder(true);
        RawHttpServer.Responder whole = (req, out, n) -> {
            out.write(ok(result(req.id(), "0x1"))); // one small write: one read on loopback
            out.flush();
            return KEEP_OPEN;
        };
        try (RawHttpServer server = new RawHttpServer(whole);
                CallerThreadHttp http = new CallerThreadHttp(HttpConfig.builder(server.url()).build(), recorder)) {
            for (int i = 0; i < 3; i++) {
                assertThat(call(http)).contains("0x1");
            }
            assertThat(recorder.remotePorts).isEmpty(); // no system call on the common path
        }
    }

    @Test
    void whenArmingFailsTheCallsGoOnAndTheConnectionStopsTrying() throws Exception {
        Recorder recorder = new Recorder(false);
        try (RawHttpServer server = new RawHttpServer(SPLIT);
                CallerThreadHttp http = new CallerThreadHttp(HttpConfig.builder(server.url()).build(), recorder)) {
            assertThat(call(http)).endsWith("ab\"}");
            assertThat(call(http)).endsWith("ab\"}");
            // tried once on the one connection where the option exists, never again; not at all where it does not
            assertThat(recorder.remotePorts).hasSize(kernelTakesQuickAck() ? 1 : 0);
            assertThat(http.connections()).isEqualTo(1);
        }
    }

    @Test
    void aChannelWithoutTheOptionIsNotSupportedAndArmingItFailsQuietly() {
        NetworkChannel without = new NetworkChannel() {
            @Override
            public NetworkChannel bind(java.net.SocketAddress local) {
                return this;
            }

            @Override
            public java.net.SocketAddress getLocalAddress() {
                return null;
            }

            @Override
            public <T> NetworkChannel setOption(SocketOption<T> name, T value) {
                throw new UnsupportedOperationException("'" + name + "' not supported");
            }

            @Override
            public <T> T getOption(SocketOption<T> name) {
                throw new UnsupportedOperationException("'" + name + "' not supported");
            }

            @Override
            public java.util.Set<SocketOption<?>> supportedOptions() {
                return java.util.Set.of();
            }

            @Override
            public boolean isOpen() {
                return true;
            }

            @Override
            public void close() {
            }
        };
        assertThat(SocketQuickAck.supported(without)).isFalse();
        assertThat(SocketQuickAck.arm(without)).isFalse();
    }
}
