package sh.brane.client.contract;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import sh.brane.client.BlockTag;
import sh.brane.client.BraneClient;
import sh.brane.client.CallRequest;
import sh.brane.core.abi.AbiFunction;
import sh.brane.core.types.Address;

/**
 * Multicall3 ({@code 0xcA11bde05977b3631167028862bE2a173976CA11} on most chains): several reads in one
 * {@code eth_call} through {@code aggregate3}, each with {@code allowFailure}, so every call keeps its own result
 * or failure. All calls of one aggregate run in the same block; {@code msg.sender} for each is Multicall3, so
 * only batch reads that do not depend on the caller.
 */
public final class Multicall3 {

    /** Where Multicall3 is deployed on most EVM chains (the same address everywhere, by a presigned deployment). */
    public static final Address ADDRESS = Address.of("0xcA11bde05977b3631167028862bE2a173976CA11");

    static final AbiFunction AGGREGATE3 = AbiFunction.parse("aggregate3((address,bool,bytes)[])", "((bool,bytes)[])");

    private Multicall3() {
    }

    /** An explicit batch against Multicall3 at {@link #ADDRESS}. */
    public static MulticallBatch batch(BraneClient client) {
        return new MulticallBatch(client, ADDRESS);
    }

    /** An explicit batch against Multicall3 at {@code multicall}. */
    public static MulticallBatch batch(BraneClient client, Address multicall) {
        return new MulticallBatch(client, multicall);
    }

    /**
     * A {@link ContractCaller} that gathers the reads made within {@code window} (or until {@code maxCalls}) into
     * one Multicall3 call; a read alone in its window goes out as a plain {@code eth_call}. Opt-in: bind with
     * {@code binder.bind(address, client, caller)}. Close it to stop its timer thread.
     */
    public static AutoBatchingCaller autoBatching(BraneClient client, Duration window, int maxCalls) {
        return new AutoBatchingCaller(client, ADDRESS, window, maxCalls);
    }

    /** As {@link #autoBatching(BraneClient, Duration, int)} with Multicall3 at {@code multicall}. */
    public static AutoBatchingCaller autoBatching(BraneClient client, Address multicall, Duration window,
            int maxCalls) {
        return new AutoBatchingCaller(client, multicall, window, maxCalls);
    }

    /** The outcome of one call inside an aggregate: success and return (or revert) data. */
    record Outcome(boolean success, byte[] data) {
    }

    /**
     * Runs {@code targets}/{@code calldata} through {@code aggregate3} at {@code block}.
     *
     * @throws IllegalStateException if there is no Multicall3 at {@code multicall}
     */
    static List<Outcome> aggregate(BraneClient client, Address multicall, List<Address> targets,
            List<byte[]> calldata, BlockTag block) {
        List<Object[]> calls = new ArrayList<>(targets.size());
        for (int i = 0; i < targets.size(); i++) {
            calls.add(new Object[] {targets.get(i), Boolean.TRUE, calldata.get(i)});
        }
        byte[] answer = client.call(CallRequest.to(multicall, AGGREGATE3.encodeCall(calls)), block);
        if (answer.length == 0) {
            throw new IllegalStateException("no Multicall3 at " + multicall + " on chain " + client.chainId()
                    + ": aggregate3 returned no data. Deploy Multicall3 there, or pass its address");
        }
        List<?> results = (List<?>) AGGREGATE3.decodeReturn(answer).get(0);
        if (results.size() != targets.size()) {
            throw new IllegalStateException("Multicall3 at " + multicall + " answered " + results.size()
                    + " results for " + targets.size() + " calls");
        }
        List<Outcome> out = new ArrayList<>(results.size());
        for (Object r : results) {
            List<?> pair = (List<?>) r;
            out.add(new Outcome((Boolean) pair.get(0), (byte[]) pair.get(1)));
        }
        return out;
    }
}
