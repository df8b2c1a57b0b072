package sh.brane.rpc;

/**
 * How a WebSocket connection's I/O thread, which also writes the calls published into its ring, waits for work
 * (named after the LMAX Disruptor's wait strategies, whose behaviour each follows).
 */
public enum WaitStrategyType {
    /** Sleeps in the selector, woken by the socket, a task or a call: no CPU while idle. The default. */
    BLOCKING,
    /** The same as BLOCKING: a call wakes the I/O thread only while it sleeps, which is all "lite" asks for. */
    LITE_BLOCKING,
    /** Polls, yields, then naps briefly: little CPU while idle, lower latency than BLOCKING on a spare core. */
    SLEEPING,
    /** Polls, then yields: keeps a core busy while idle. Opt-in for latency-critical deployments. */
    YIELDING,
    /** Polls: burns a core at all times. Opt-in for latency-critical deployments on dedicated cores. */
    BUSY_SPIN
}
