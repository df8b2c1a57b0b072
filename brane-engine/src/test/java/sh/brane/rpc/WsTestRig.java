package sh.brane.rpc;

import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * What a WebSocket provider test opens: loopback {@link TestWsServer}s and providers that report to one
 * {@link RecordingMetrics}, closed after each test, newest first (providers before the servers they talk to).
 * Register with {@code @RegisterExtension}.
 */
final class WsTestRig implements AfterEachCallback {

    final RecordingMetrics metrics = new RecordingMetrics();
    private final TestResources toClose = new TestResources();

    TestWsServer server(TestWsServer.Behaviour behaviour) throws InterruptedException {
        return closeLater(TestWsServer.start(behaviour));
    }

    WebSocketProvider provider(WebSocketConfig.Builder config) {
        WebSocketProvider p = WebSocketProvider.create(config.build());
        p.setMetrics(metrics);
        return closeLater(p);
    }

    <T extends AutoCloseable> T closeLater(T resource) {
        return toClose.add(resource);
    }

    @Override
    public void afterEach(ExtensionContext context) throws Exception {
        toClose.afterEach(context);
    }
}
