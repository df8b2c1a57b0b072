package sh.brane.client.contract;

import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;

import sh.brane.client.BlockTag;
import sh.brane.client.BraneClient;
import sh.brane.core.abi.Abi;
import sh.brane.core.types.Address;

/**
 * An explicit Multicall3 batch: add calls of bound contracts, execute once, read each typed result.
 *
 * <pre>{@code
 * MulticallBatch batch = Multicall3.batch(client);
 * CallResult<BigInteger> balance = batch.add(usdc, t -> t.balanceOf(alice));
 * CallResult<Integer> decimals = batch.add(usdc, Erc20::decimals);
 * batch.execute();
 * balance.get();
 * }</pre>
 *
 * Not thread-safe: one thread builds and executes a batch.
 */
public final class MulticallBatch {

    private final BraneClient client;
    private final Address multicall;
    private final List<Entry> entries = new ArrayList<>();
    private boolean executed;

    private record Entry(RecordedCall call, Address target, byte[] calldata, CallResult<Object> result, Abi errors) {
    }

    MulticallBatch(BraneClient client, Address multicall) {
        this.client = client;
        this.multicall = multicall;
    }

    /**
     * Adds the read {@code call} makes on {@code contract} (a proxy from {@link BraneContracts}); the call is
     * recorded, not made, so {@code call} must call exactly one read method and return its value.
     */
    @SuppressWarnings("unchecked")
    public <C, R> CallResult<R> add(C contract, java.util.function.Function<C, R> call) {
        ContractHandler handler = ContractHandler.of(contract);
        RecordedCall[] captured = new RecordedCall[1];
        Object recorder = Proxy.newProxyInstance(contract.getClass().getClassLoader(),
                contract.getClass().getInterfaces(), (p, m, a) -> {
                    if (captured[0] != null) {
                        throw new IllegalArgumentException("a batched call must call exactly one contract method; "
                                + m.getName() + " is a second one");
                    }
                    captured[0] = handler.record(m, a);
                    return placeholder(m.getReturnType());
                });
        call.apply((C) recorder);
        if (captured[0] == null) {
            throw new IllegalArgumentException("the batched call made no contract call");
        }
        CallResult<Object> result = new CallResult<>();
        add(new Entry(captured[0], captured[0].target(), captured[0].calldata(), result, handler.binder.abi()));
        return (CallResult<R>) result;
    }

    /** Adds a raw call: its result is the return data. */
    public CallResult<byte[]> add(Address target, byte[] calldata) {
        CallResult<Object> result = new CallResult<>();
        add(new Entry(null, target, calldata.clone(), result, null));
        @SuppressWarnings("unchecked")
        CallResult<byte[]> typed = (CallResult<byte[]>) (CallResult<?>) result;
        return typed;
    }

    private void add(Entry e) {
        if (executed) {
            throw new IllegalStateException("this batch has already been executed; start a new one");
        }
        entries.add(e);
    }

    /** The number of calls added. */
    public int size() {
        return entries.size();
    }

    /** Runs every call in one {@code aggregate3} at the latest block. */
    public void execute() {
        execute(BlockTag.LATEST);
    }

    /**
     * Runs every call in one {@code aggregate3} at {@code block}; then each {@link CallResult} holds its value or
     * failure. If the aggregate call itself fails (node error, no Multicall3), every result holds that failure
     * and it is thrown.
     */
    public void execute(BlockTag block) {
        if (executed) {
            throw new IllegalStateException("this batch has already been executed; start a new one");
        }
        executed = true;
        if (entries.isEmpty()) {
            return;
        }
        List<Address> targets = new ArrayList<>(entries.size());
        List<byte[]> data = new ArrayList<>(entries.size());
        for (Entry e : entries) {
            targets.add(e.target);
            data.add(e.calldata);
        }
        List<Multicall3.Outcome> outcomes;
        try {
            outcomes = Multicall3.aggregate(client, multicall, targets, data, block);
        } catch (RuntimeException failure) {
            entries.forEach(e -> e.result.fail(failure));
            throw failure;
        }
        for (int i = 0; i < entries.size(); i++) {
            Entry e = entries.get(i);
            Multicall3.Outcome o = outcomes.get(i);
            if (e.call == null) {
                if (o.success()) {
                    e.result.succeed(o.data());
                } else {
                    e.result.fail(new ContractRevertException("call to " + e.target, sh.brane.core.abi.RevertDecoder
                            .decode(o.data()), null, null));
                }
                continue;
            }
            try {
                if (o.success()) {
                    e.result.succeed(e.call.decode(o.data()));
                } else {
                    e.result.fail(e.call.handler().revert(e.call.binding(), e.errors.decodeRevert(o.data()), null));
                }
            } catch (RuntimeException decoding) {
                e.result.fail(decoding);
            }
        }
    }

    /** A value of the return type for the recording proxy to return (never used). */
    private static Object placeholder(Class<?> type) {
        if (!type.isPrimitive()) {
            return null;
        }
        if (type == boolean.class) {
            return false;
        }
        if (type == long.class) {
            return 0L;
        }
        if (type == int.class) {
            return 0;
        }
        if (type == short.class) {
            return (short) 0;
        }
        if (type == byte.class) {
            return (byte) 0;
        }
        if (type == char.class) {
            return (char) 0;
        }
        if (type == double.class) {
            return 0d;
        }
        return type == float.class ? 0f : null;
    }
}
