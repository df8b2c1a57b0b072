package sh.brane.rpc;

/**
 * How the ring-buffer writer thread used to wait for work. No longer used: the ring is now drained by the event loop
 * once per wake-up (see {@code RingWriter}), so no thread waits on it. Kept so that existing configuration compiles.
 */
public enum WaitStrategyType {
    /** Lock and condition: no CPU while idle. The default. */
    BLOCKING,
    /** Like BLOCKING but skips the signal when nobody waits: no CPU while idle, less overhead when busy. */
    LITE_BLOCKING,
    /** Spins, yields, then parks briefly: little CPU while idle, lower latency than BLOCKING. */
    SLEEPING,
    /** Spins then yields: burns a core while idle. Opt-in for latency-critical deployments. */
    YIELDING,
    /** Spins: burns a core at all times. Opt-in for latency-critical deployments on dedicated cores. */
    BUSY_SPIN
}
