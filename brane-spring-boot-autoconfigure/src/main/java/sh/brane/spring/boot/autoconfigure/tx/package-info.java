/**
 * Spring wiring of the transaction lifecycle ({@code sh.brane.client.tx}): the journal store built from the
 * application's {@code DataSource} (else in memory), state changes as application events and {@code brane.tx.*}
 * meters, trackers started and stopped with the context, and the {@code brane} Actuator endpoint.
 */
package sh.brane.spring.boot.autoconfigure.tx;
