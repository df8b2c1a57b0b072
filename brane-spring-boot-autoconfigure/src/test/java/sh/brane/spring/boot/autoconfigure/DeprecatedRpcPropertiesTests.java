package sh.brane.spring.boot.autoconfigure;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import sh.brane.rpc.HttpConfig;
import sh.brane.rpc.WebSocketConfig;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code brane.rpc.ws.caller-thread-connections} and {@code brane.rpc.http.answer-spin} still bind for one release,
 * as deprecated settings without effect: any value is accepted and none reaches the engine.
 */
@SuppressWarnings("removal")
class DeprecatedRpcPropertiesTests {

    @Test
    void callerThreadConnectionsBindsAndHasNoEffect() {
        BraneProperties.Rpc rpc = new BraneProperties.Rpc();
        rpc.getWs().setCallerThreadConnections(-1);
        WebSocketConfig config = ProviderConfigMapper.webSocket(BraneUrl.parse("ws://localhost:1/"), "default",
                Map.of(), rpc, "brane.rpc", null, List.of(), null);
        assertThat(config.callerThreadConnections()).isZero();
    }

    @Test
    void answerSpinBindsAndHasNoEffect() {
        BraneProperties.Rpc rpc = new BraneProperties.Rpc();
        rpc.getHttp().setAnswerSpin(Duration.ofMillis(5));
        HttpConfig config = ProviderConfigMapper.http(BraneUrl.parse("http://localhost:1/"), "default", Map.of(), rpc,
                "brane.rpc", null, List.of(), null);
        assertThat(config.answerSpin()).isZero();
    }
}
