/**
 * Testcontainers support: the {@code @ServiceConnection} factories for node containers (a {@code GenericContainer}
 * of a node image, and brane-devnet's {@code sh.brane.devnet.testcontainers.AnvilContainer}), in the main jar with
 * optional dependencies as Spring Boot's own modules hold theirs.
 */
package sh.brane.spring.boot.autoconfigure.testcontainers;
