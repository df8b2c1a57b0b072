package sh.brane.benchmarks;

import java.lang.reflect.Field;
import java.util.concurrent.ExecutorService;

/**
 * web3j runs {@code sendAsync} on a static cached pool of non-daemon threads ({@code org.web3j.utils.Async})
 * that it shuts down only from a JVM shutdown hook, which never runs while those threads keep the JVM alive:
 * the JMH fork would wait out its 30-second stray-thread timeout after every trial. Each fork runs one trial,
 * so the pool is shut down at trial tear-down.
 */
final class Web3jThreads {

    private Web3jThreads() {
    }

    /** Stops a web3j client, its scheduler and web3j's shared pool: everything that would keep the fork alive. */
    static void shutdown(org.web3j.protocol.Web3j web3j, java.util.concurrent.ScheduledExecutorService scheduler) {
        web3j.shutdown();
        scheduler.shutdownNow();
        release();
    }

    /**
     * Stops a web3j WebSocket client: {@link org.web3j.protocol.websocket.WebSocketService} keeps a private
     * scheduled pool of one non-daemon thread ({@code pool-N-thread-1}) with a timeout task per request; its
     * {@code close()} calls {@code shutdown()}, which runs every timeout still queued first, so the thread outlived
     * the trial and each fork waited out JMH's 30-second stray-thread timeout. {@code shutdownNow()} drops them.
     */
    static void shutdown(org.web3j.protocol.Web3j web3j, org.web3j.protocol.websocket.WebSocketService service,
                         java.util.concurrent.ScheduledExecutorService scheduler) {
        shutdown(web3j, scheduler);
        try {
            Field f = org.web3j.protocol.websocket.WebSocketService.class.getDeclaredField("executor");
            f.setAccessible(true);
            ((ExecutorService) f.get(service)).shutdownNow();
        } catch (ReflectiveOperationException | RuntimeException e) {
            System.err.println("could not shut down web3j's WebSocket timeout pool: " + e);
        }
    }

    static void release() {
        try {
            Field f = org.web3j.utils.Async.class.getDeclaredField("executor");
            f.setAccessible(true);
            ((ExecutorService) f.get(null)).shutdownNow();
        } catch (ReflectiveOperationException | RuntimeException e) {
            System.err.println("could not shut down web3j's Async pool: " + e);
        }
    }
}
