package sh.brane.spring.boot.autoconfigure.node;

import java.util.List;

/**
 * The container images of Ethereum development nodes that the starter connects to by name, as Boot's Redis support
 * does with {@code redis} images: Foundry's anvil and geth in dev mode. Both serve JSON-RPC over HTTP and WebSocket
 * on {@value #RPC_PORT}.
 */
public final class NodeImages {

    /** The JSON-RPC port the images listen on by default (anvil, geth's --http.port and --ws.port). */
    public static final int RPC_PORT = 8545;

    /** Image names (without registry for Docker Hub ones), matched as Boot matches service connection names. */
    public static final List<String> NAMES = List.of("ghcr.io/foundry-rs/foundry", "foundry-rs/foundry",
            "ethereum/client-go");

    private NodeImages() {
    }

    /** The JSON-RPC port to use among the ones a container publishes: {@value #RPC_PORT} when published, else the first. */
    public static int rpcPort(List<Integer> published) {
        if (published.isEmpty()) {
            throw new IllegalStateException("the node's container publishes no port: expose " + RPC_PORT
                    + " (anvil --port, geth --http.port)");
        }
        return published.contains(RPC_PORT) ? RPC_PORT : published.get(0);
    }

    /** {@code http://host:port}, or {@code https://} when the connection carries an SSL bundle. */
    public static String url(String host, int mappedPort, boolean tls) {
        return (tls ? "https://" : "http://") + host + ":" + mappedPort;
    }
}
