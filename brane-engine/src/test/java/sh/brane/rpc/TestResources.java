package sh.brane.rpc;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * What a test opened (servers, providers, transports, latches to release), closed after it newest first, so that a
 * provider closes before the server it talks to and a held answer is released before its server stops. Register
 * with {@code @RegisterExtension}; a test adds each thing as it opens it.
 */
public final class TestResources implements AfterEachCallback {

    private final List<AutoCloseable> opened = new ArrayList<>();

    /** Closes {@code resource} after the test, before anything added earlier; returns it. */
    public <T extends AutoCloseable> T add(T resource) {
        opened.add(resource);
        return resource;
    }

    @Override
    public void afterEach(ExtensionContext context) throws Exception {
        for (int i = opened.size() - 1; i >= 0; i--) {
            opened.get(i).close();
        }
        opened.clear();
    }
}
