package sh.brane.spring.boot.autoconfigure.testcontainers;

import org.springframework.boot.ssl.SslBundle;
import org.springframework.boot.testcontainers.service.connection.ContainerConnectionDetailsFactory;
import org.springframework.boot.testcontainers.service.connection.ContainerConnectionSource;

import sh.brane.devnet.testcontainers.AnvilContainer;
import sh.brane.spring.boot.autoconfigure.BraneConnectionDetails;

/** Creates {@link BraneConnectionDetails} for a {@code @ServiceConnection} {@link AnvilContainer}. */
class AnvilContainerConnectionDetailsFactory
        extends ContainerConnectionDetailsFactory<AnvilContainer, BraneConnectionDetails> {

    AnvilContainerConnectionDetailsFactory() {
        super(ANY_CONNECTION_NAME);
    }

    @Override
    protected BraneConnectionDetails getContainerConnectionDetails(ContainerConnectionSource<AnvilContainer> source) {
        return new AnvilContainerConnectionDetails(source);
    }

    private static final class AnvilContainerConnectionDetails extends ContainerConnectionDetails<AnvilContainer>
            implements BraneConnectionDetails {

        private AnvilContainerConnectionDetails(ContainerConnectionSource<AnvilContainer> source) {
            super(source);
        }

        @Override
        public String getUrl() {
            return getContainer().getRpcUrl();
        }

        @Override
        public SslBundle getSslBundle() {
            return super.getSslBundle();
        }
    }
}
