package sh.brane.client.tx;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.LongFunction;
import java.util.function.Supplier;

import sh.brane.client.BlockTag;
import sh.brane.client.BraneClient;
import sh.brane.client.SubmissionUnknownException;
import sh.brane.client.tx.ModelSteps.Answer;
import sh.brane.client.tx.ModelSteps.ForgetPool;
import sh.brane.client.tx.ModelSteps.Lag;
import sh.brane.client.tx.ModelSteps.Mine;
import sh.brane.client.tx.ModelSteps.Pay;
import sh.brane.client.tx.ModelSteps.Poll;
import sh.brane.client.tx.ModelSteps.Reorg;
import sh.brane.client.tx.ModelSteps.Replace;
import sh.brane.client.tx.ModelSteps.Restart;
import sh.brane.client.tx.ModelSteps.RetryRefused;
import sh.brane.client.tx.ModelSteps.RetryWithKey;
import sh.brane.client.tx.ModelSteps.Step;
import sh.brane.core.crypto.PrivateKey;
import sh.brane.core.tx.Transaction;
import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;
import sh.brane.devnet.Anvil;
import sh.brane.signer.LocalSigner;
import sh.brane.testnode.ScriptedNode;

/**
 * Runs one sequence of {@link ModelSteps} against a {@link ScriptedNode} in front of a real Anvil that mines only on
 * {@code evm_mine}, with one or several instances (a {@link TransactionSender} and tracker each, over stores of one
 * shared journal) sending for one account, then mines everything and checks the invariants (see
 * {@link MoneyPathModelTest}). The trackers wait for 3 confirmations, deeper than any reorganisation drawn (2).
 */
final class MoneyPathModel {
    private static final BigInteger MAX_FEE = BigInteger.valueOf(20_000_000_000L);
    private static final int CONFIRMATIONS = 3;

    private final PrivateKey key;
    private final ScriptedNode node;
    private final BraneClient client;

    MoneyPathModel(Anvil anvil, int account, ScriptedNode node, BraneClient client) {
        this.key = PrivateKey.fromHex(anvil.account(account).privateKey());
        this.node = node;
        this.client = client;
    }

    /** One accepted (or refused) payment: its recipient, value, key, hashes, and whether a cancel was asked. */
    private static final class Payment {
        final Address to = TransactionLifecycleTestBase.randomAddress();
        final long value;
        final IdempotencyKey key;
        final Set<Hash> hashes = new HashSet<>();
        Hash first;
        boolean cancelAsked;

        Payment(long value, boolean keyed) {
            this.value = value;
            this.key = keyed ? IdempotencyKey.of("model-" + UUID.randomUUID()) : null;
        }

        LongFunction<Transaction> build() {
            return n -> TransactionLifecycleTestBase.transfer(n, to, value, MAX_FEE);
        }
    }

    /** An app instance: a sender and its tracker over its own store of the shared journal. */
    private record Instance(TransactionSender sender, TransactionTracker tracker) {
    }

    private final List<Payment> accepted = new ArrayList<>();
    private final List<Payment> refused = new ArrayList<>();
    private final Map<Hash, Payment> byHash = new HashMap<>();

    /** Runs {@code steps} on {@code count} instances, each store from {@code stores}, then settles and checks. */
    void run(List<Step> steps, int count, Supplier<TransactionStore> stores) throws Exception {
        List<Instance> instances = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            instances.add(instance(stores.get()));
        }
        long start = client.getTransactionCount(key.address(), BlockTag.PENDING);
        int lag = 0;
        for (Step step : steps) {
            switch (step) {
                case Pay p -> {
                    Payment payment = new Payment(p.value(), p.keyed());
                    p.answer().script(node);
                    pay(instances.get(p.on() % count).sender(), payment);
                }
                case RetryWithKey r -> retryWithKey(r, instances.get(r.on() % count).sender());
                case RetryRefused r -> {
                    if (!refused.isEmpty()) {
                        Payment again = refused.remove(r.which() % refused.size());
                        if (again.key == null) {
                            pay(instances.get(r.on() % count).sender(), again);
                        } else {
                            refused.add(again); // a keyed one answers with its REJECTED entry: RetryWithKey's case
                        }
                    }
                }
                case Replace r -> replace(r, instances.get(r.on() % count).sender());
                case Mine m -> node.mine();
                case ForgetPool f -> node.forgetPool();
                case Restart r -> instances.set(r.on() % count, instance(stores.get()));
                case Poll p -> instances.get(p.on() % count).tracker().poll();
                case Lag l -> lag = l.blocks();
                case Reorg r -> node.reorg(r.depth(), r.keep(), r.seed());
            }
            node.clear(); // an instruction a skipped step did not use
            node.lag(lag);
        }
        node.clear(); // the replicas catch up
        Instance last = instances.get(0);
        settle(last);
        check(last.sender(), start);
    }

    private Instance instance(TransactionStore store) {
        TransactionSender s = new TransactionSender(client, new LocalSigner("model", key),
                ChainIdGuard.pinned(Anvil.DEFAULT_CHAIN_ID), SendLimits.NONE, store);
        return new Instance(s, s.tracker(CONFIRMATIONS, Duration.ofMillis(20), Duration.ZERO));
    }

    private void pay(TransactionSender s, Payment p) {
        try {
            JournalEntry e = p.key == null ? s.send(p.build()) : s.send(p.key, p.build());
            if (e.state() == TxState.REJECTED) { // a keyed retry of a refused one
                refused.add(p);
                return;
            }
            accept(p, e.hash());
        } catch (SubmissionUnknownException unknown) {
            accept(p, unknown.hash());
        } catch (TransactionRefusedException refusal) {
            refused.add(p);
        }
    }

    private void accept(Payment p, Hash hash) {
        p.first = hash;
        p.hashes.add(hash);
        byHash.put(hash, p);
        accepted.add(p);
    }

    private void retryWithKey(RetryWithKey r, TransactionSender s) {
        List<Payment> keyed = new ArrayList<>();
        accepted.stream().filter(p -> p.key != null).forEach(keyed::add);
        refused.stream().filter(p -> p.key != null).forEach(keyed::add);
        if (keyed.isEmpty()) {
            return;
        }
        Payment p = keyed.get(r.which() % keyed.size());
        JournalEntry again = s.send(p.key, p.build());
        if (p.first != null) {
            assertThat(again.hash()).as("the same key answers with the payment's entry, on any instance")
                    .isEqualTo(p.first);
        } else {
            assertThat(again.state()).as("a refused key answers with its REJECTED entry").isEqualTo(TxState.REJECTED);
        }
    }

    private void replace(Replace r, TransactionSender s) {
        if (accepted.isEmpty()) {
            return;
        }
        Payment target = accepted.get(r.which() % accepted.size());
        JournalEntry newest = newestOpen(s.store(), target);
        if (newest == null) {
            return;
        }
        r.answer().script(node);
        if (r.cancel()) {
            target.cancelAsked = true;
        }
        try {
            JournalEntry e = r.cancel() ? s.cancel(newest.hash()) : s.speedUp(newest.hash());
            track(target, e.hash());
        } catch (SubmissionUnknownException unknown) {
            track(target, unknown.hash());
        } catch (TransactionRefusedException | IllegalStateException refusedOrFinished) {
            // the replacement alone is refused (or the payment finished meanwhile): the original stands
            s.store().find(refusedOrFinished instanceof TransactionRefusedException t ? t.hash() : newest.hash())
                    .ifPresent(e -> track(target, e.hash()));
        }
    }

    private void track(Payment p, Hash hash) {
        p.hashes.add(hash);
        byHash.put(hash, p);
    }

    private static JournalEntry newestOpen(TransactionStore store, Payment p) {
        JournalEntry newest = null;
        for (Hash h : p.hashes) {
            JournalEntry e = store.find(h).orElse(null);
            if (e != null && !e.state().isFinished() && (newest == null || e.createdAt().isAfter(newest.createdAt()))) {
                newest = e;
            }
        }
        return newest;
    }

    private void settle(Instance on) throws InterruptedException {
        TransactionSender s = on.sender();
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (!s.store().unfinished(s.chainId(), s.address()).isEmpty()) {
            assertThat(System.nanoTime()).as("settled in time; left: %s", s.store().unfinished(s.chainId(),
                    s.address())).isLessThan(deadline);
            node.mine();
            on.tracker().poll();
            Thread.sleep(5);
        }
        for (int i = 0; i < CONFIRMATIONS + 2; i++) { // anything still in the pool would be mined now
            node.mine();
            on.tracker().poll();
        }
    }

    private void check(TransactionSender s, long start) throws Exception {
        TransactionStore store = s.store();
        Address from = s.address();
        long mined = client.getTransactionCount(from, BlockTag.LATEST);
        List<JournalEntry> journal = store.byNonce(s.chainId(), from, 0, Long.MAX_VALUE);
        String context = "journal " + journal;
        for (Payment p : accepted) {
            BigInteger paid = client.getBalance(p.to);
            Set<TxState> states = new HashSet<>();
            for (Hash h : p.hashes) {
                store.find(h).ifPresent(e -> states.add(e.state()));
            }
            if (p.cancelAsked) {
                assertThat(paid).as("a cancelled payment is paid at most once; %s", context)
                        .isIn(BigInteger.ZERO, BigInteger.valueOf(p.value));
            } else if (states.contains(TxState.CONFIRMED)) {
                assertThat(paid).as("a confirmed payment is paid exactly once; %s", context)
                        .isEqualTo(BigInteger.valueOf(p.value));
            } else {
                assertThat(paid).as("a payment reported %s was paid nowhere; %s", states, context).isZero();
                for (Hash h : p.hashes) {
                    assertThat(client.getTransactionByHash(h)).as("no bytes of a payment reported %s are left at "
                            + "the node; %s", states, context).isEmpty();
                }
            }
        }
        for (Payment p : refused) {
            assertThat(client.getBalance(p.to)).as("a refused payment is never paid; %s", context).isZero();
        }
        Map<Long, Set<Object>> owners = new HashMap<>();
        for (JournalEntry e : journal) {
            if (e.state() != TxState.REJECTED) {
                Object owner = byHash.containsKey(e.hash()) ? byHash.get(e.hash()) : e.hash(); // a filler: its own
                owners.computeIfAbsent(e.nonce(), n -> new HashSet<>()).add(owner);
                assertThat(e.nonce()).as("every journalled nonce was used; %s", context).isLessThan(mined);
            }
        }
        owners.forEach((nonce, who) -> assertThat(who).as("nonce %d carries one payment; %s", nonce, context)
                .hasSize(1));
        // no hole: the next payment takes the node's next nonce and is mined
        Address last = TransactionLifecycleTestBase.randomAddress();
        JournalEntry next = s.send(n -> TransactionLifecycleTestBase.transfer(n, last, 1, MAX_FEE));
        assertThat(next.nonce()).as("the next payment takes the node's next nonce; %s", context).isEqualTo(mined);
        node.mine();
        assertThat(client.getBalance(last)).isEqualTo(1);
        assertThat(mined).isGreaterThanOrEqualTo(start);
    }
}
