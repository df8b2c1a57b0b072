/**
 * A node of the application's {@code compose.yaml} as a service connection, with Boot's spring-boot-docker-compose
 * (an optional, development-time dependency).
 */
package sh.brane.spring.boot.autoconfigure.dockercompose;
