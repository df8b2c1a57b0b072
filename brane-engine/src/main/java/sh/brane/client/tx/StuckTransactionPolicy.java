package sh.brane.client.tx;

import java.time.Duration;
import java.util.Objects;

/**
 * When a pending transaction counts as stuck and what is done about it ({@link StuckTransactionWatcher}).
 *
 * <p>A transaction is stuck when its fees no longer buy a place in the next blocks: its max fee is below the next
 * block's base fee plus the market's tip, or its tip is below the market's tip. The market is read from
 * {@code eth_feeHistory}: the next block's base fee, and the median over {@code feeHistoryBlocks} blocks of the
 * {@code tipPercentile} reward. A stuck transaction is replaced at its nonce with fees of at least
 * {@code baseFeeMultiplier} times the next base fee plus the market's tip, and at least the nodes' replacement
 * bump over its own (10%, 100% for blob transactions), never above the signer's ceilings. The same nonce is not
 * replaced again before a backoff has passed: {@code initialBackoff}, times {@code backoffMultiplier} after each
 * replacement, at most {@code maxBackoff}.
 *
 * @param checkInterval     how often the pending transactions are looked at
 * @param minimumAge        how long a transaction is left alone after it was first broadcast
 * @param tipPercentile     the percentile of the recent blocks' tips taken as the market's tip (0..100)
 * @param feeHistoryBlocks  how many recent blocks the market is read from (1..1024)
 * @param baseFeeMultiplier a replacement's max fee is at least this many times the next base fee, plus the tip
 *                          (1..10; 2 covers six full blocks in a row)
 * @param initialBackoff    the least time between two replacements of one nonce
 * @param backoffMultiplier how much that time grows after each replacement (1..10)
 * @param maxBackoff        the most time between two replacements of one nonce
 * @param cancelAfter       when the nonce has been pending this long since its first broadcast, it is cancelled (a
 *                          0-value transfer to itself at the same nonce); null never cancels
 */
public record StuckTransactionPolicy(Duration checkInterval, Duration minimumAge, double tipPercentile,
        int feeHistoryBlocks, int baseFeeMultiplier, Duration initialBackoff, double backoffMultiplier,
        Duration maxBackoff, Duration cancelAfter) {

    /**
     * Defaults: look every 15 s at transactions older than 30 s, the median tip of the last 10 blocks, twice the
     * next base fee, 30 s between replacements of a nonce growing 2x to 5 min, no cancel.
     */
    public static final StuckTransactionPolicy DEFAULTS = new StuckTransactionPolicy(Duration.ofSeconds(15),
            Duration.ofSeconds(30), 50, 10, 2, Duration.ofSeconds(30), 2.0, Duration.ofMinutes(5), null);

    public StuckTransactionPolicy {
        positive("checkInterval", checkInterval);
        notNegative("minimumAge", minimumAge);
        if (!(tipPercentile >= 0 && tipPercentile <= 100)) {
            throw new IllegalArgumentException("tipPercentile must be 0..100, got " + tipPercentile);
        }
        if (feeHistoryBlocks < 1 || feeHistoryBlocks > 1024) {
            throw new IllegalArgumentException("feeHistoryBlocks must be 1..1024 (nodes serve at most 1024), got "
                    + feeHistoryBlocks);
        }
        if (baseFeeMultiplier < 1 || baseFeeMultiplier > 10) {
            throw new IllegalArgumentException("baseFeeMultiplier must be 1..10, got " + baseFeeMultiplier);
        }
        notNegative("initialBackoff", initialBackoff);
        if (!(backoffMultiplier >= 1 && backoffMultiplier <= 10)) {
            throw new IllegalArgumentException("backoffMultiplier must be 1..10, got " + backoffMultiplier);
        }
        notNegative("maxBackoff", maxBackoff);
        if (maxBackoff.compareTo(initialBackoff) < 0) {
            throw new IllegalArgumentException("maxBackoff (" + maxBackoff + ") must be at least initialBackoff ("
                    + initialBackoff + ")");
        }
        if (cancelAfter != null) {
            notNegative("cancelAfter", cancelAfter);
        }
    }

    /** The backoff before the replacement that follows {@code replacements} earlier ones of the same nonce. */
    Duration backoff(int replacements) {
        double millis = initialBackoff.toMillis() * Math.pow(backoffMultiplier, Math.max(0, replacements - 1));
        return millis >= maxBackoff.toMillis() ? maxBackoff : Duration.ofMillis((long) millis);
    }

    public StuckTransactionPolicy withCancelAfter(Duration after) {
        return new StuckTransactionPolicy(checkInterval, minimumAge, tipPercentile, feeHistoryBlocks,
                baseFeeMultiplier, initialBackoff, backoffMultiplier, maxBackoff, after);
    }

    public StuckTransactionPolicy withTiming(Duration check, Duration age, Duration backoff) {
        return new StuckTransactionPolicy(check, age, tipPercentile, feeHistoryBlocks, baseFeeMultiplier, backoff,
                backoffMultiplier, maxBackoff.compareTo(backoff) < 0 ? backoff : maxBackoff, cancelAfter);
    }

    private static void positive(String name, Duration d) {
        Objects.requireNonNull(d, name);
        if (d.isZero() || d.isNegative()) {
            throw new IllegalArgumentException(name + " must be positive, got " + d);
        }
    }

    private static void notNegative(String name, Duration d) {
        Objects.requireNonNull(d, name);
        if (d.isNegative()) {
            throw new IllegalArgumentException(name + " must be zero or more, got " + d);
        }
    }
}
