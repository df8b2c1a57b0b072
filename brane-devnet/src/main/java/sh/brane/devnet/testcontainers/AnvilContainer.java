package sh.brane.devnet.testcontainers;

import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.utility.DockerImageName;

/**
 * An Anvil node in a container (Foundry's image). Annotate a field with {@code @ServiceConnection} and the
 * provider connects to it:
 *
 * <pre>{@code
 * @Container
 * @ServiceConnection
 * static AnvilContainer anvil = new AnvilContainer();
 * }</pre>
 * The starter's {@code AnvilContainerConnectionDetailsFactory} turns it into the provider's connection; the
 * container sits in this development-time module so that the starter's jar carries no test support.
 */
public class AnvilContainer extends GenericContainer<AnvilContainer> {

    /** Foundry's image; {@code anvil} is its entry point's first argument. */
    public static final DockerImageName DEFAULT_IMAGE = DockerImageName.parse("ghcr.io/foundry-rs/foundry");

    /** The port Anvil listens on inside the container. */
    public static final int PORT = 8545;

    private boolean webSocket = true;

    public AnvilContainer() {
        this(DEFAULT_IMAGE.withTag("stable"));
    }

    public AnvilContainer(DockerImageName image) {
        super(image);
        withExposedPorts(PORT);
        withCreateContainerCmdModifier((cmd) -> cmd.withEntrypoint("anvil"));
        withCommand("--host", "0.0.0.0", "--port", Integer.toString(PORT));
        waitingFor(Wait.forLogMessage(".*Listening on.*", 1));
    }

    /** Connect over HTTP instead of WebSocket. */
    public AnvilContainer withHttp() {
        this.webSocket = false;
        return this;
    }

    /** {@code ws://host:port} or {@code http://host:port} as mapped on the Docker host. */
    public String getRpcUrl() {
        return (this.webSocket ? "ws://" : "http://") + getHost() + ":" + getMappedPort(PORT);
    }
}
