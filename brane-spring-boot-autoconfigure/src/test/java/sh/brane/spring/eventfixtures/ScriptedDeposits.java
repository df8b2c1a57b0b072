package sh.brane.spring.eventfixtures;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.LongSupplier;

import sh.brane.client.Log;
import sh.brane.spring.boot.autoconfigure.events.BraneEventListener;

/**
 * A listener whose failures are scripted by transfer amount: {@link #failures} maps an amount to how many calls with
 * it throw ({@code -1}: all). Every call is recorded with its time, its thread, and the stream's checkpoint then.
 */
public class ScriptedDeposits {
    /** One call of the method. */
    public record Call(long amount, long blockNumber, long logIndex, long nanos, boolean virtualThread,
            long checkpoint, boolean failed) {
    }

    public final Map<Long, Integer> failures = new ConcurrentHashMap<>();
    public final List<Call> calls = new CopyOnWriteArrayList<>();
    /** Amounts the method returned normally for, in order. */
    public final List<Long> applied = new CopyOnWriteArrayList<>();
    public volatile LongSupplier checkpoint = () -> -1;
    public volatile long millisPerCall;

    @BraneEventListener(id = "scripted", address = "${emitter.address}", fromBlock = "${scripted.from-block}",
            confirmations = "1", pollInterval = "20ms", autoStartup = "${scripted.auto-startup:true}")
    void onTransfer(Emitter.Transfer transfer, Log log) throws InterruptedException {
        long amount = transfer.value().longValueExact();
        Integer left = failures.get(amount);
        boolean fail = left != null && left != 0;
        if (fail && left > 0) {
            failures.put(amount, left - 1);
        }
        calls.add(new Call(amount, log.blockNumber(), log.logIndex(), System.nanoTime(),
                Thread.currentThread().isVirtual(), checkpoint.getAsLong(), fail));
        if (millisPerCall > 0) {
            Thread.sleep(millisPerCall);
        }
        if (fail) {
            throw new IllegalStateException("scripted failure of amount " + amount);
        }
        applied.add(amount);
    }

    /** The calls with {@code amount}. */
    public List<Call> callsOf(long amount) {
        return calls.stream().filter(c -> c.amount() == amount).toList();
    }
}
