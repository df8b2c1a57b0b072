/** Testcontainers support: an Anvil container usable with {@code @ServiceConnection}. */
package sh.brane.spring.boot.autoconfigure.testcontainers;
