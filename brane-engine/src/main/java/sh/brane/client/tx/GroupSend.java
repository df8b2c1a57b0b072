package sh.brane.client.tx;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.LongFunction;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import sh.brane.core.tx.Transaction;
import sh.brane.core.types.Hash;

/**
 * Group commit for one account's concurrent sends. Each caller queues its request and takes the account's
 * allocation lock; the first to get it (the leader) takes every queued request and has the store allocate their
 * nonces, sign them and journal them in ONE step (one database transaction for JDBC), releases the lock and
 * broadcasts them in nonce order, groups one after the other. Callers whose request another leader took just wait
 * for its result.
 * Under no contention a batch is the caller's own request: the same work as a single send.
 *
 * <p>Why: on JDBC one commit per transfer costs more than the transfer (the lock on the account's nonce row is held
 * across each commit). Measured in docs/sending-transactions.md ("Speed").
 *
 * <p>Nothing is broadcast before its row is durable: the broadcast starts after the store's step returned.
 *
 * <p>The broadcast window bounds how many of the account's transactions are on their way to the node at once. With
 * 1, each is sent after the node answered the one before (one round trip per transaction, whatever the group size).
 * With more, a leader hands its group to the transport in nonce order without waiting for answers (up to the
 * window across all groups), lets the next leader hand over its group, and only then waits for its answers and
 * records them: the round trips to a distant node overlap.
 */
final class GroupSend {
    /** At most this many transactions per database transaction. */
    static final int MAX_BATCH = 256;
    private static final Logger LOG = LoggerFactory.getLogger(GroupSend.class);

    private final TransactionSender sender;
    private final ConcurrentLinkedQueue<Request> queue = new ConcurrentLinkedQueue<>();
    private final ReentrantLock allocation = new ReentrantLock();
    /** Held by the leader whose groups are being broadcast; taken under {@link #allocation}, so in nonce order. */
    private final ReentrantLock broadcastOrder = new ReentrantLock();
    private final int window;
    /** Free places in the broadcast window (when it is over 1): taken before a send, given back by its answer. */
    private final Semaphore inFlight;

    GroupSend(TransactionSender sender, int window) {
        this.sender = sender;
        this.window = window;
        this.inFlight = new Semaphore(window);
    }

    int window() {
        return window;
    }

    static final class Request {
        final LongFunction<Transaction> build;
        /** The caller's idempotency key, or null. */
        final IdempotencyKey key;
        final CompletableFuture<JournalEntry> result = new CompletableFuture<>();
        /** Set (under the allocation lock) when a leader took the request into its batch. */
        boolean taken;

        Request(LongFunction<Transaction> build, IdempotencyKey key) {
            this.build = build;
            this.key = key;
        }
    }

    JournalEntry send(LongFunction<Transaction> build) {
        return send(build, null);
    }

    /** @param key the caller's idempotency key, or null */
    JournalEntry send(LongFunction<Transaction> build, IdempotencyKey key) {
        Request mine = new Request(build, key);
        queue.add(mine);
        List<List<Request>> batches = new ArrayList<>(1);
        List<List<TransactionStore.Allocation>> allocated = new ArrayList<>(1);
        boolean broadcasting = false;
        allocation.lock();
        try {
            while (!mine.taken) {
                List<Request> batch = drain();
                batches.add(batch);
                allocated.add(allocate(batch));
            }
            if (!batches.isEmpty()) {
                // taken before the allocation lock is let go: groups reach the node in nonce order, and the next
                // leader signs and journals its group while this one is broadcast
                broadcastOrder.lock();
                broadcasting = true;
            }
        } finally {
            allocation.unlock();
        }
        List<Runnable> answers = new ArrayList<>();
        try {
            try {
                for (int i = 0; i < batches.size(); i++) {
                    broadcastAll(batches.get(i), allocated.get(i), answers);
                }
            } finally {
                if (broadcasting) {
                    broadcastOrder.unlock();
                }
            }
        } finally {
            // outside the order lock: the next leader hands over its group while these answers come back; run even
            // after a failure, so that every request handed to the transport completes
            for (Runnable answer : answers) {
                answer.run();
            }
        }
        return await(mine.result);
    }

    /**
     * Hands a group's journalled entries to the node in nonce order (window 1: each after the node answered the one
     * before; more: without waiting, up to the window) and adds to {@code answers} the step, run once the order lock
     * is let go, that records the answers and completes each request with what a single send would return or throw.
     */
    private void broadcastAll(List<Request> batch, List<TransactionStore.Allocation> allocated,
            List<Runnable> answers) {
        List<Request> requests = new ArrayList<>(batch.size());
        List<JournalEntry> entries = new ArrayList<>(batch.size());
        for (int i = 0; i < allocated.size(); i++) {
            TransactionStore.Allocation a = allocated.get(i);
            if (a.failure() != null) {
                batch.get(i).result.completeExceptionally(a.failure());
            } else if (a.replayed() != null) {
                // its key was journalled before: that entry is the answer, nothing new to broadcast
                Request r = batch.get(i);
                try {
                    r.result.complete(sender.replayed(r.key, a.replayed(), r.build));
                } catch (RuntimeException e) {
                    r.result.completeExceptionally(e);
                }
            } else {
                requests.add(batch.get(i));
                entries.add(a.entry());
            }
        }
        List<CompletableFuture<RuntimeException>> outcomes = new ArrayList<>(entries.size());
        try {
            for (JournalEntry entry : entries) {
                if (window == 1) {
                    // Each after the node answered the one before. Not one JSON-RPC batch, nor overlapping sends: a
                    // node may admit them concurrently (Anvil does), queue a nonce before the one it needs, and
                    // then, under automine, never promote it: the engine suite's eight-thread test hung on that.
                    outcomes.add(CompletableFuture.completedFuture(sender.tryPush(entry)));
                } else {
                    inFlight.acquireUninterruptibly();
                    CompletableFuture<RuntimeException> answer = sender.pushAsync(entry);
                    answer.whenComplete((failure, never) -> inFlight.release());
                    outcomes.add(answer);
                }
            }
        } catch (RuntimeException | Error e) {
            for (Request r : requests) {
                r.result.completeExceptionally(e);
            }
            throw e;
        }
        answers.add(() -> record(requests, entries, outcomes));
    }

    /**
     * Waits for the group's answers; refusals are recorded one by one (typed errors), the accepted entries become
     * SENT in one step of the store (one database transaction for JDBC, not one per transfer).
     */
    private void record(List<Request> requests, List<JournalEntry> entries,
            List<CompletableFuture<RuntimeException>> outcomes) {
        try {
            List<Request> acceptedRequests = new ArrayList<>(requests.size());
            List<JournalEntry> accepted = new ArrayList<>(entries.size());
            for (int i = 0; i < entries.size(); i++) {
                RuntimeException failure = outcomes.get(i).join();
                if (failure == null) {
                    acceptedRequests.add(requests.get(i));
                    accepted.add(entries.get(i));
                    continue;
                }
                try {
                    requests.get(i).result.complete(sender.settle(entries.get(i), failure));
                } catch (RuntimeException e) {
                    requests.get(i).result.completeExceptionally(e);
                }
            }
            Map<Hash, JournalEntry> sent = sender.recordSent(accepted);
            for (int i = 0; i < accepted.size(); i++) {
                JournalEntry entry = accepted.get(i);
                acceptedRequests.get(i).result.complete(sent.getOrDefault(entry.hash(), entry));
            }
        } catch (RuntimeException | Error e) {
            for (Request r : requests) {
                r.result.completeExceptionally(e); // no effect on the ones completed already
            }
            throw e;
        }
    }

    private List<Request> drain() {
        List<Request> batch = new ArrayList<>();
        Request r;
        while (batch.size() < MAX_BATCH && (r = queue.poll()) != null) {
            r.taken = true;
            batch.add(r);
        }
        return batch;
    }

    /** The store's step for one batch; a failure of the whole step fails every request of the batch. */
    private List<TransactionStore.Allocation> allocate(List<Request> batch) {
        try {
            return sender.signAll(batch);
        } catch (RuntimeException | Error e) {
            for (Request r : batch) {
                r.result.completeExceptionally(e);
            }
            if (e instanceof Error error) {
                throw error;
            }
            return List.of();
        }
    }

    /** The request's outcome, thrown as the exception the single-send path would throw. */
    private static JournalEntry await(CompletableFuture<JournalEntry> result) {
        try {
            return result.get();
        } catch (ExecutionException e) {
            throw rethrow(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CompletionException("interrupted while the batch holding this transaction was broadcast; "
                    + "the journal has it and the tracker follows it", e);
        }
    }

    private static RuntimeException rethrow(Throwable cause) {
        if (cause instanceof RuntimeException re) {
            return re;
        }
        if (cause instanceof Error error) {
            throw error;
        }
        return new CompletionException(cause);
    }
}
