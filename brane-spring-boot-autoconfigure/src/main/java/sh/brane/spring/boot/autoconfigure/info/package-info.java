/** The {@code brane} entry of Actuator's info endpoint: chains, endpoints' names, signers' addresses; no secret. */
package sh.brane.spring.boot.autoconfigure.info;
