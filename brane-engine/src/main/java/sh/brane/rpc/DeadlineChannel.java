package sh.brane.rpc;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * The blocking steps of a caller-thread connection ({@link CallerThreadHttp}, {@link CallerWsConnection}): a
 * non-blocking channel registered with a selector of its own, so that every wait has a deadline, which a blocking
 * socket's read does not.
 *
 * @param closedError the error a wait ends with when the connection was closed under it (by {@code close()})
 * @param answer      what is awaited, for the messages: "HTTP answer", "answer"
 */
record DeadlineChannel(SocketChannel channel, Selector selector, SelectionKey key, Supplier<IOException> closedError,
        String answer) {

    /** Waits until the channel is ready for {@code op}; false if {@code deadline} passed first. */
    boolean await(int op, long deadline) throws IOException {
        key.interestOps(op);
        long left = deadline - System.nanoTime();
        if (left <= 0) {
            return false;
        }
        selector.select(Math.max(1, (left + 999_999) / 1_000_000));
        selector.selectedKeys().clear();
        if (!channel.isOpen()) {
            throw closedError.get();
        }
        if (Thread.currentThread().isInterrupted()) {
            // select returns at once while the flag is set: waiting on would spin until the deadline
            throw new InterruptedIOException("interrupted while waiting for the " + answer);
        }
        return true;
    }

    /** Reads more into {@code in} (flipped for reading), keeping what is unread; false at the end of the stream. */
    boolean fill(ByteBuffer in, long deadline) throws IOException, TimeoutException {
        in.compact();
        try {
            while (true) {
                int n = channel.read(in);
                if (n > 0) {
                    return true;
                }
                if (n < 0) {
                    return false;
                }
                if (!await(SelectionKey.OP_READ, deadline)) {
                    throw timeout();
                }
            }
        } finally {
            in.flip();
        }
    }

    TimeoutException timeout() {
        return new TimeoutException("no " + answer + " within the request timeout");
    }
}
