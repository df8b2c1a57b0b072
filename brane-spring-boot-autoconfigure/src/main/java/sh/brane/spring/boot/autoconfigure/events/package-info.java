/** {@code @BraneEventListener} methods fed by engine log streams, with checkpoints on the application's DataSource. */
package sh.brane.spring.boot.autoconfigure.events;
