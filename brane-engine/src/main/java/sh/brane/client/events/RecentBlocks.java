package sh.brane.client.events;

import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.List;

import sh.brane.core.types.Hash;

/**
 * The blocks a stream delivered most recently, newest last, with the logs it delivered from each: what a
 * reorganisation is checked against, and what it reports as removed. Bounded by a number of blocks and a number of
 * logs; the oldest blocks are forgotten first (a reorganisation below them is reported, not replayed).
 *
 * @param <E> the delivered value
 */
final class RecentBlocks<E> {

    record Entry<E>(long number, Hash hash, List<StreamedLog<E>> delivered) {
    }

    private final int maxBlocks;
    private final int maxLogs;
    private final ArrayDeque<Entry<E>> blocks = new ArrayDeque<>();
    private int logs;

    RecentBlocks(int maxBlocks, int maxLogs) {
        this.maxBlocks = maxBlocks;
        this.maxLogs = maxLogs;
    }

    int capacity() {
        return maxBlocks;
    }

    void add(Entry<E> entry) {
        blocks.addLast(entry);
        logs += entry.delivered().size();
        while (blocks.size() > 1 && (blocks.size() > maxBlocks || logs > maxLogs)) {
            logs -= blocks.removeFirst().delivered().size();
        }
    }

    Entry<E> newest() {
        return blocks.peekLast();
    }

    /** The hash remembered for block {@code number}, or null if none is (not delivered, or forgotten). */
    Hash hashAt(long number) {
        for (Iterator<Entry<E>> it = blocks.descendingIterator(); it.hasNext(); ) {
            Entry<E> e = it.next();
            if (e.number() == number) {
                return e.hash();
            }
            if (e.number() < number) {
                return null;
            }
        }
        return null;
    }

    void removeNewest() {
        Entry<E> e = blocks.pollLast();
        if (e != null) {
            logs -= e.delivered().size();
        }
    }

    boolean isEmpty() {
        return blocks.isEmpty();
    }

    int size() {
        return blocks.size();
    }

    void clear() {
        blocks.clear();
        logs = 0;
    }
}
