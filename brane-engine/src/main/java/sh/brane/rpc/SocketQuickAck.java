package sh.brane.rpc;

import java.io.IOException;
import java.net.SocketOption;
import java.nio.channels.NetworkChannel;

/**
 * Linux {@code TCP_QUICKACK} on a plain socket channel: the caller-thread counterpart of {@link QuickAckHandler}
 * (which does the same on the event loop's channels).
 *
 * <p>Why: a node that leaves Nagle's algorithm on (Anvil does) holds the second piece of an answer written in
 * pieces until the first is acknowledged, and the kernel's delayed ACK may wait for it. Acknowledging at once while
 * an answer is coming lifts that wait; the kernel drops the option by itself, so it is re-armed while more is
 * expected. Where the option does not exist (not Linux, or not this JDK), nothing is done.
 */
final class SocketQuickAck {

    /** {@code jdk.net.ExtendedSocketOptions.TCP_QUICKACK}, or null where this JDK has none. */
    private static final SocketOption<Boolean> OPTION = option();

    private SocketQuickAck() {
    }

    /** Whether {@code channel} takes the option. */
    static boolean supported(NetworkChannel channel) {
        return OPTION != null && channel.supportedOptions().contains(OPTION);
    }

    /**
     * Arms quick acknowledgement on {@code channel}; false if it could not be (the caller then stops trying and the
     * kernel's own ACK timing applies, as without this class).
     */
    static boolean arm(NetworkChannel channel) {
        try {
            channel.setOption(OPTION, true);
            return true;
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            RequestLifecycle.LOG.debug("TCP_QUICKACK unavailable: {}", e.toString());
            return false;
        }
    }

    @SuppressWarnings("unchecked")
    private static SocketOption<Boolean> option() {
        try {
            // reflectively, as QuickAckHandler: jdk.net is not in every runtime image
            Class<?> options = Class.forName("jdk.net.ExtendedSocketOptions");
            return (SocketOption<Boolean>) options.getField("TCP_QUICKACK").get(null);
        } catch (ReflectiveOperationException | LinkageError e) {
            return null;
        }
    }
}
