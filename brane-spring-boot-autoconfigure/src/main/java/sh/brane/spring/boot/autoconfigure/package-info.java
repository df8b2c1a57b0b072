/**
 * Auto-configuration for Brane: properties, connection details, the provider, the signer, start-up failure
 * analysis and graceful shutdown.
 */
package sh.brane.spring.boot.autoconfigure;
