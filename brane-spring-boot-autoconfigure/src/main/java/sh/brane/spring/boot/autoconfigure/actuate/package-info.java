/** Auto-configuration for Actuator endpoints: masking of Brane's secrets. */
package sh.brane.spring.boot.autoconfigure.actuate;
