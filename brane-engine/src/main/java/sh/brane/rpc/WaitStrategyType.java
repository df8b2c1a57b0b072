package sh.brane.rpc;

/**
 * How a WebSocket connection's ring-buffer writer thread waits for calls to write (the LMAX Disruptor's wait
 * strategies of the same names).
 */
public enum WaitStrategyType {
    /** Lock and condition: no CPU while idle. The default. */
    BLOCKING,
    /** Like BLOCKING but skips the signal when nobody waits: no CPU while idle, less overhead when busy. */
    LITE_BLOCKING,
    /** Spins, yields, then parks briefly: little CPU while idle, lower latency than BLOCKING. */
    SLEEPING,
    /** Spins, then yields: keeps a core busy while idle. Opt-in for latency-critical deployments. */
    YIELDING,
    /** Spins: burns a core at all times. Opt-in for latency-critical deployments on dedicated cores. */
    BUSY_SPIN
}
