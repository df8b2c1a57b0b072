package sh.brane.spring.boot.autoconfigure.testcontainers;

import org.springframework.boot.ssl.SslBundle;
import org.springframework.boot.testcontainers.service.connection.ContainerConnectionDetailsFactory;
import org.springframework.boot.testcontainers.service.connection.ContainerConnectionSource;
import org.springframework.util.ClassUtils;
import org.testcontainers.containers.Container;

import sh.brane.devnet.testcontainers.AnvilContainer;
import sh.brane.spring.boot.autoconfigure.BraneConnectionDetails;
import sh.brane.spring.boot.autoconfigure.node.NodeImages;

/**
 * {@link BraneConnectionDetails} for a {@code @ServiceConnection} on any container of a node image
 * ({@link NodeImages#NAMES}: anvil's, geth's), matched by image name as Boot's Redis support matches
 * {@code GenericContainer}s; an {@link AnvilContainer} is left to {@link AnvilContainerConnectionDetailsFactory}.
 * {@code @ServiceConnection(name = "ethereum/client-go")} names the image when it is a private copy.
 */
class NodeContainerConnectionDetailsFactory
        extends ContainerConnectionDetailsFactory<Container<?>, BraneConnectionDetails> {

    /** The Anvil container type ships in brane-devnet, which an application with a plain node container may lack. */
    private static final boolean ANVIL_CONTAINER_PRESENT = ClassUtils.isPresent(
            "sh.brane.devnet.testcontainers.AnvilContainer", NodeContainerConnectionDetailsFactory.class.getClassLoader());

    NodeContainerConnectionDetailsFactory() {
        super(NodeImages.NAMES);
    }

    @Override
    protected boolean sourceAccepts(ContainerConnectionSource<Container<?>> source, Class<?> requiredContainerType,
            Class<?> requiredConnectionDetailsType) {
        return super.sourceAccepts(source, requiredContainerType, requiredConnectionDetailsType)
                && !(ANVIL_CONTAINER_PRESENT
                        && source.accepts(ANY_CONNECTION_NAME, AnvilContainer.class, requiredConnectionDetailsType));
    }

    @Override
    protected BraneConnectionDetails getContainerConnectionDetails(ContainerConnectionSource<Container<?>> source) {
        return new NodeContainerConnectionDetails(source);
    }

    private static final class NodeContainerConnectionDetails extends ContainerConnectionDetails<Container<?>>
            implements BraneConnectionDetails {

        private NodeContainerConnectionDetails(ContainerConnectionSource<Container<?>> source) {
            super(source);
        }

        @Override
        public String getUrl() {
            Container<?> container = getContainer();
            int port = NodeImages.rpcPort(container.getExposedPorts());
            return NodeImages.url(container.getHost(), container.getMappedPort(port), getSslBundle() != null);
        }

        @Override
        public SslBundle getSslBundle() {
            return super.getSslBundle();
        }
    }
}
