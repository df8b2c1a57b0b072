package sh.brane.client.tx;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.LongFunction;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;

import sh.brane.client.SubmissionUnknownException;
import sh.brane.core.tx.Transaction;
import sh.brane.core.types.Hash;
import sh.brane.primitives.Hex;
import sh.brane.rpc.BraneRpcException;
import sh.brane.rpc.ConnectionLostException;
import sh.brane.rpc.RpcCall;
import sh.brane.rpc.RpcErrorException;
import sh.brane.rpc.RpcTimeoutException;

/**
 * Group commit for one account's concurrent sends. Each caller queues its request and takes the account's
 * allocation lock; the first to get it (the leader) takes every queued request and has the store allocate their
 * nonces, sign them and journal them in ONE step (one database transaction for JDBC), releases the lock and
 * broadcasts them as one JSON-RPC batch. Callers whose request another leader took just wait for its result.
 * Under no contention a batch is the caller's own request: the same work as a single send.
 *
 * <p>Why: on JDBC one commit per transfer costs more than the transfer (the lock on the account's nonce row is held
 * across each commit), and each HTTP round trip to the node costs about as much as the node's admission of the
 * transaction. Measured in docs/sending-transactions.md ("Speed").
 *
 * <p>Nothing is broadcast before its row is durable: the broadcast starts after the store's step returned.
 */
final class GroupSend {
    /** At most this many transactions per database transaction and per JSON-RPC batch. */
    static final int MAX_BATCH = 256;
    private static final Logger LOG = LoggerFactory.getLogger(GroupSend.class);

    private final TransactionSender sender;
    private final ConcurrentLinkedQueue<Request> queue = new ConcurrentLinkedQueue<>();
    private final ReentrantLock allocation = new ReentrantLock();

    GroupSend(TransactionSender sender) {
        this.sender = sender;
    }

    static final class Request {
        final LongFunction<Transaction> build;
        final CompletableFuture<JournalEntry> result = new CompletableFuture<>();
        /** Set (under the allocation lock) when a leader took the request into its batch. */
        boolean taken;

        Request(LongFunction<Transaction> build) {
            this.build = build;
        }
    }

    JournalEntry send(LongFunction<Transaction> build) {
        Request mine = new Request(build);
        queue.add(mine);
        List<List<Request>> batches = new ArrayList<>(1);
        List<List<TransactionStore.Allocation>> allocated = new ArrayList<>(1);
        allocation.lock();
        try {
            while (!mine.taken) {
                List<Request> batch = drain();
                batches.add(batch);
                allocated.add(allocate(batch));
            }
        } finally {
            allocation.unlock();
        }
        for (int i = 0; i < batches.size(); i++) {
            broadcastAll(batches.get(i), allocated.get(i));
        }
        return await(mine.result);
    }

    /**
     * Broadcasts a group's journalled entries (one JSON-RPC batch when there are several), records the accepted
     * ones SENT in one step, and completes each request with what a single send would return or throw.
     */
    private void broadcastAll(List<Request> batch, List<TransactionStore.Allocation> allocated) {
        List<Request> requests = new ArrayList<>(batch.size());
        List<JournalEntry> entries = new ArrayList<>(batch.size());
        for (int i = 0; i < allocated.size(); i++) {
            TransactionStore.Allocation a = allocated.get(i);
            if (a.failure() != null) {
                batch.get(i).result.completeExceptionally(a.failure());
            } else {
                requests.add(batch.get(i));
                entries.add(a.entry());
            }
        }
        try {
            if (entries.size() == 1) {
                requests.get(0).result.complete(sender.broadcast(entries.get(0)));
            } else if (!entries.isEmpty()) {
                broadcastBatch(requests, entries);
            }
        } catch (RuntimeException | Error e) {
            for (Request r : requests) {
                r.result.completeExceptionally(e);
            }
            if (e instanceof Error error) {
                throw error;
            }
        }
    }

    private void broadcastBatch(List<Request> requests, List<JournalEntry> entries) {
        List<RpcCall> calls = new ArrayList<>(entries.size());
        for (JournalEntry e : entries) {
            calls.add(RpcCall.of("eth_sendRawTransaction", Hex.encode(e.raw())));
        }
        List<CompletableFuture<JsonNode>> answers = sender.client().provider().sendBatch(calls);
        List<JournalEntry> accepted = new ArrayList<>(entries.size());
        List<Request> acceptedRequests = new ArrayList<>(entries.size());
        for (int i = 0; i < entries.size(); i++) {
            JournalEntry entry = entries.get(i);
            Request request = requests.get(i);
            try {
                String answered = answers.get(i).join().asString();
                if (!entry.hash().toHex().equalsIgnoreCase(answered)) {
                    LOG.warn("the node answered hash {} for journalled transaction {}", answered, entry.hash());
                }
                accepted.add(entry);
                acceptedRequests.add(request);
            } catch (CompletionException wrapped) {
                Throwable cause = wrapped.getCause();
                if (cause instanceof RpcErrorException e && TransactionRefusedException.isAlreadyKnown(e.rpcMessage())) {
                    accepted.add(entry);
                    acceptedRequests.add(request);
                } else if (cause instanceof RpcErrorException e) {
                    request.result.completeExceptionally(sender.refused(entry, e));
                } else if (cause instanceof ConnectionLostException || cause instanceof RpcTimeoutException) {
                    request.result.completeExceptionally(new SubmissionUnknownException(entry.hash(), entry.nonce(),
                            (BraneRpcException) cause));
                } else {
                    request.result.completeExceptionally(cause);
                }
            }
        }
        Map<Hash, JournalEntry> sent = new HashMap<>();
        try {
            for (JournalEntry after : sender.store().markSent(accepted)) {
                sent.put(after.hash(), after);
                sender.fire(new TransactionStateChange(after, TxState.SIGNED, 0, "accepted by the node"));
            }
        } catch (JournalUnavailableException e) {
            // the transactions are out and their rows exist (SIGNED): the tracker records SENT once the journal is back
            LOG.warn("{} transactions were broadcast but the journal could not record them as SENT: {}",
                    accepted.size(), e.getMessage());
        }
        for (int i = 0; i < accepted.size(); i++) {
            acceptedRequests.get(i).result.complete(sent.getOrDefault(accepted.get(i).hash(), accepted.get(i)));
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
