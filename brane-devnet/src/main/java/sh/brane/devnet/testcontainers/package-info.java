/**
 * Testcontainers support: an Anvil container usable with {@code @ServiceConnection}. Needs
 * {@code org.testcontainers:testcontainers} on the test classpath (optional here).
 */
package sh.brane.devnet.testcontainers;
