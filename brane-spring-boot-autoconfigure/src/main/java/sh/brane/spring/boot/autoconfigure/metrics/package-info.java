/** Auto-configuration for Brane's Micrometer metrics ({@code brane.rpc.*} and {@code brane.ws.*} meters). */
package sh.brane.spring.boot.autoconfigure.metrics;
