package sh.brane.example.security;

import java.time.Clock;
import java.time.Duration;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Failed logins per remote address in a sliding window: after {@value #MAX_FAILURES} failures within
 * {@link #WINDOW} an address is refused (HTTP 429) until its window ends, whatever it sends, so a password cannot be
 * guessed at the speed of the network. Bounded: at most {@value #MAX_ADDRESSES} addresses are remembered, the
 * oldest forgotten first (a flood of addresses can only make the throttle forget, never grow without end).
 */
public final class FailedLoginThrottle {
    static final int MAX_FAILURES = 10;
    static final Duration WINDOW = Duration.ofMinutes(1);
    static final int MAX_ADDRESSES = 10_000;

    private static final class Failures {
        long windowStart;
        int count;
    }

    private final Clock clock;
    /** Access-ordered, so the least recently failing address is dropped first when full. */
    private final LinkedHashMap<String, Failures> byAddress = new LinkedHashMap<>(64, 0.75f, true);

    FailedLoginThrottle(Clock clock) {
        this.clock = clock;
    }

    /** Seconds until {@code address} may try again, or 0 if it may now. */
    synchronized long blockedForSeconds(String address) {
        Failures f = byAddress.get(address);
        if (f == null || f.count < MAX_FAILURES) {
            return 0;
        }
        long left = f.windowStart + WINDOW.toMillis() - clock.millis();
        if (left <= 0) {
            byAddress.remove(address);
            return 0;
        }
        return Math.max(1, (left + 999) / 1000);
    }

    /** Records a failure; returns how many {@code address} has in its current window. */
    synchronized int failed(String address) {
        long now = clock.millis();
        Failures f = byAddress.get(address);
        if (f == null || now - f.windowStart >= WINDOW.toMillis()) {
            f = new Failures();
            f.windowStart = now;
            byAddress.put(address, f);
        }
        f.count++;
        if (byAddress.size() > MAX_ADDRESSES) {
            Iterator<Map.Entry<String, Failures>> oldest = byAddress.entrySet().iterator();
            oldest.next();
            oldest.remove();
        }
        return f.count;
    }

    /** Forgets every address's failures (an operator's unlock; tests sharing one application context). */
    public synchronized void clear() {
        byAddress.clear();
    }

    synchronized int size() {
        return byAddress.size();
    }
}
