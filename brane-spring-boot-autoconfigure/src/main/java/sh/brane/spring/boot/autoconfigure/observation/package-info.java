/** Auto-configuration for Micrometer Observation (tracing) of Brane's JSON-RPC calls. */
package sh.brane.spring.boot.autoconfigure.observation;
