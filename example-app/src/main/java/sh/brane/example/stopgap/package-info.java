/**
 * Stopgap beans until the starter's auto-configuration provides them (provider, local Anvil, signer,
 * Micrometer meters, health). Delete this package once brane-spring-boot-autoconfigure does the job.
 */
package sh.brane.example.stopgap;
