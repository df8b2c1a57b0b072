package sh.brane.rpc.ws;

import java.util.concurrent.locks.LockSupport;

import io.netty.channel.IoHandle;
import io.netty.channel.IoHandler;
import io.netty.channel.IoHandlerContext;
import io.netty.channel.IoRegistration;

import sh.brane.rpc.WaitStrategyType;

/**
 * The I/O handler of a WebSocket connection's event loop: Netty's own handler (epoll or NIO) around which the loop
 * drains the {@link RingWriter} and waits as the {@link WaitStrategyType} says. {@code BLOCKING} and
 * {@code LITE_BLOCKING} sleep in the selector, woken by the socket, a task or a publish (a publisher writes the
 * loop's wake-up descriptor only while it sleeps, which is what "lite" means; a plain blocking wait has nothing more
 * to do here); {@code SLEEPING} polls, then yields, then naps 100 ns at a time (about the kernel's timer slack);
 * {@code YIELDING} polls, then yields; {@code BUSY_SPIN} polls without pause. Polling strategies look at the socket
 * and the ring on every turn, so a call leaves and an answer is read without a wake-up.
 */
final class RingIoHandler implements IoHandler {

    /** Idle turns spent polling before {@code YIELDING} and {@code SLEEPING} yield (the Disruptor's figure). */
    private static final int SPIN_TURNS = 100;
    /** Idle turns after which {@code SLEEPING} naps. */
    private static final int YIELD_TURNS = 200;
    private static final long NAP_NANOS = 100;

    private final IoHandler io;
    private final RingWriter ring;
    private final WaitStrategyType strategy;
    private final RingContext context = new RingContext();
    private volatile Thread loop;
    private volatile boolean stopped;
    private int idleTurns;

    RingIoHandler(IoHandler io, RingWriter ring, WaitStrategyType strategy) {
        this.io = io;
        this.ring = ring;
        this.strategy = strategy;
    }

    @Override
    public void initialize() {
        io.initialize();
    }

    @Override
    public int run(IoHandlerContext loopContext) {
        if (loop == null) {
            loop = Thread.currentThread();
        }
        int work = ring.drain();
        context.of(loopContext, work == 0 && blocks());
        work += io.run(context);
        work += ring.drain();
        if (work > 0) {
            idleTurns = 0;
        } else {
            idle();
        }
        return work;
    }

    private boolean blocks() {
        return strategy == WaitStrategyType.BLOCKING || strategy == WaitStrategyType.LITE_BLOCKING;
    }

    private void idle() {
        switch (strategy) {
            case BLOCKING, LITE_BLOCKING -> {
                // waited in the selector
            }
            case BUSY_SPIN -> Thread.onSpinWait();
            case YIELDING -> {
                if (++idleTurns > SPIN_TURNS) {
                    Thread.yield();
                } else {
                    Thread.onSpinWait();
                }
            }
            case SLEEPING -> {
                int turns = ++idleTurns;
                if (turns > YIELD_TURNS) {
                    LockSupport.parkNanos(NAP_NANOS);
                } else if (turns > SPIN_TURNS) {
                    Thread.yield();
                } else {
                    Thread.onSpinWait();
                }
            }
        }
    }

    boolean inLoop() {
        return Thread.currentThread() == loop;
    }

    boolean stopped() {
        return stopped;
    }

    @Override
    public void wakeup() {
        io.wakeup();
    }

    @Override
    public void prepareToDestroy() {
        io.prepareToDestroy();
    }

    @Override
    public void destroy() {
        stopped = true;
        io.destroy();
    }

    @Override
    public IoRegistration register(IoHandle handle) throws Exception {
        return io.register(handle);
    }

    @Override
    public boolean isCompatible(Class<? extends IoHandle> handleType) {
        return io.isCompatible(handleType);
    }

    /**
     * The loop's context as Netty's handler sees it: it may block only if the loop may, the strategy blocks and the
     * ring is empty. Netty's handlers publish that they are about to sleep before they ask {@link #canBlock}, and a
     * publisher publishes before it wakes them, so a frame published meanwhile is either seen here or wakes the
     * selector.
     */
    private final class RingContext implements IoHandlerContext {
        private IoHandlerContext loopContext;
        private boolean mayBlock;

        void of(IoHandlerContext loopContext, boolean mayBlock) {
            this.loopContext = loopContext;
            this.mayBlock = mayBlock;
        }

        @Override
        public boolean canBlock() {
            return mayBlock && loopContext.canBlock() && ring.isEmpty();
        }

        @Override
        public long delayNanos(long currentTimeNanos) {
            return loopContext.delayNanos(currentTimeNanos);
        }

        @Override
        public long deadlineNanos() {
            return loopContext.deadlineNanos();
        }

        @Override
        public void reportActiveIoTime(long activeNanos) {
            loopContext.reportActiveIoTime(activeNanos);
        }

        @Override
        public boolean shouldReportActiveIoTime() {
            return loopContext.shouldReportActiveIoTime();
        }
    }
}
