package sh.brane.example.heads;

/**
 * The {@code newHeads} subscription is not open yet because the node has not been reachable since start-up: a
 * passing state (503, try again), unlike a provider that has no push channel at all (501).
 */
public class HeadsNotReadyException extends RuntimeException {

    public HeadsNotReadyException() {
        super("the newHeads subscription is not open yet: the node has been unreachable since start-up");
    }
}
