package sh.brane.client.contract;

import java.util.Optional;

/**
 * The outcome of one call in a {@link MulticallBatch}: its decoded value, or why it failed. Each call keeps its
 * own outcome; one call reverting does not fail the others.
 *
 * @param <T> the method's return type
 */
public final class CallResult<T> {

    private volatile boolean done;
    private T value;
    private RuntimeException failure;

    CallResult() {
    }

    void succeed(T v) {
        value = v;
        done = true;
    }

    void fail(RuntimeException e) {
        failure = e;
        done = true;
    }

    /** True once the batch has run. */
    public boolean isDone() {
        return done;
    }

    /** True if the batch ran and this call succeeded. */
    public boolean succeeded() {
        return done && failure == null;
    }

    /**
     * The decoded value.
     *
     * @throws ContractRevertException if the call reverted (with the custom error's record if declared)
     * @throws IllegalStateException   if the batch has not run yet
     */
    public T get() {
        if (!done) {
            throw new IllegalStateException("the batch has not been executed yet; call execute() first");
        }
        if (failure != null) {
            throw failure;
        }
        return value;
    }

    /** Why the call failed, if it did (empty before the batch ran). */
    public Optional<RuntimeException> failure() {
        return Optional.ofNullable(failure);
    }

    @Override
    public String toString() {
        return !done ? "CallResult[pending]" : failure != null ? "CallResult[failed: " + failure.getMessage() + "]"
                : "CallResult[" + value + "]";
    }
}
