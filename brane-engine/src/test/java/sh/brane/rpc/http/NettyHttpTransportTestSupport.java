package sh.brane.rpc.http;

import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/** Waiting helpers shared by the HTTP transport tests. */
final class NettyHttpTransportTestSupport {

    private NettyHttpTransportTestSupport() {
    }

    /** Waits up to 5 s for {@code condition}; fails naming {@code what}. */
    static void await(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not within 5 s: " + what);
            }
            Thread.sleep(10);
        }
    }
}
