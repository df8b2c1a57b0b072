package sh.brane.rpc;

import java.util.List;

/**
 * A live subscription. The handle stays the same across reconnects even though the node assigns a new
 * subscription id each time.
 */
public interface Subscription extends AutoCloseable {

    /** The {@code eth_subscribe} parameters, e.g. {@code ["newHeads"]}. */
    List<?> params();

    /** The node's current subscription id (changes after a reconnect). */
    String serverId();

    /** Whether notifications are still being delivered. */
    boolean isActive();

    /** Same as {@link BraneProvider#unsubscribe(Subscription)}, without waiting for the node's answer. */
    @Override
    void close();
}
