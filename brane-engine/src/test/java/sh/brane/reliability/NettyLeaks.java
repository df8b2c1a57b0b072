package sh.brane.reliability;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.netty.util.ResourceLeakDetector;

/**
 * Catches Netty's {@code LEAK:} reports for ByteBufs. Turns leak detection to PARANOID (every buffer
 * tracked) and listens on the ByteBuf leak detector, which is exactly what writes the {@code LEAK:} log
 * lines, so a report that would be logged is also recorded here.
 */
final class NettyLeaks {

    private static final List<String> REPORTS = new CopyOnWriteArrayList<>();
    private static ResourceLeakDetector.Level previous;

    private NettyLeaks() {
    }

    /** Switches on PARANOID detection and the listener; call before the provider allocates anything. */
    static synchronized void watch() {
        if (previous == null) {
            previous = ResourceLeakDetector.getLevel();
        }
        ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.PARANOID);
        detector().setLeakListener((type, records) -> REPORTS.add("LEAK: " + type + "\n" + records));
    }

    /** Restores the level found before {@link #watch()}. */
    static synchronized void unwatch() {
        if (previous != null) {
            ResourceLeakDetector.setLevel(previous);
            previous = null;
        }
    }

    /**
     * Collects garbage and allocates a few buffers (a tracked allocation is what makes Netty look at the
     * collected-but-unreleased buffers), then returns the leak reports so far and clears them.
     */
    static List<String> collect() throws InterruptedException {
        for (int round = 0; round < 3; round++) {
            System.gc();
            Thread.sleep(100);
            for (int i = 0; i < 20; i++) {
                ByteBuf a = PooledByteBufAllocator.DEFAULT.directBuffer(16);
                a.release();
                ByteBuf b = UnpooledByteBufAllocator.DEFAULT.heapBuffer(16);
                b.release();
            }
        }
        List<String> out = new ArrayList<>(REPORTS);
        REPORTS.clear();
        return out;
    }

    @SuppressWarnings("unchecked")
    private static ResourceLeakDetector<ByteBuf> detector() {
        try {
            Class<?> c = Class.forName("io.netty.buffer.AbstractByteBuf");
            Field f = c.getDeclaredField("leakDetector");
            f.setAccessible(true);
            return (ResourceLeakDetector<ByteBuf>) f.get(null);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot reach Netty's ByteBuf leak detector", e);
        }
    }
}
