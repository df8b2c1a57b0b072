/** Auto-configuration for the {@code brane} Actuator health contributor. */
package sh.brane.spring.boot.autoconfigure.health;
