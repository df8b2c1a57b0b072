/** Auto-configuration of a local Anvil node for development ({@code brane.devnet.enabled}). */
package sh.brane.spring.boot.autoconfigure.devnet;
