package sh.brane.client.contract;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

import sh.brane.client.BlockTag;
import sh.brane.client.BraneClient;
import sh.brane.client.CallRequest;
import sh.brane.client.Log;
import sh.brane.client.LogFilter;
import sh.brane.client.Receipt;
import sh.brane.client.RevertException;
import sh.brane.client.SigningClient;
import sh.brane.client.TxRequest;
import sh.brane.core.abi.RevertReason;
import sh.brane.core.types.Address;

/** The invocation handler behind a bound contract proxy: one table lookup, then the method's precomputed binding. */
final class ContractHandler implements InvocationHandler {

    private static final Object[] NO_ARGS = new Object[0];

    final ContractBinder<?> binder;
    final Address address;
    private final BraneClient client;
    private final SigningClient signer;
    private final ContractCaller caller;

    ContractHandler(ContractBinder<?> binder, Address address, BraneClient client, SigningClient signer,
            ContractCaller caller) {
        if (address == null) {
            throw new IllegalArgumentException("the contract address is null");
        }
        this.binder = binder;
        this.address = address;
        this.client = client;
        this.signer = signer;
        this.caller = caller;
    }

    @Override
    public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
        MethodBinding b = binder.binding(method);
        if (b == null) {
            return other(proxy, method, args);
        }
        Object[] a = args == null ? NO_ARGS : args;
        try {
            return switch (b.kind) {
                case READ -> b.decode(caller.call(request(b.encode(a)), binder.abi()));
                case READ_ASYNC -> readAsync(b, a);
                case PREPARE -> new PreparedCall(address, b.encode(a), b.value(a));
                case TX_REQUEST -> TxRequest.builder().to(address).data(b.encode(a)).value(b.value(a)).build();
                case SUBMIT -> signer().submit(transaction(b, a), binder.abi());
                case SEND -> signer().send(transaction(b, a), binder.abi());
            };
        } catch (RevertException e) {
            throw revert(b, e.reason(), e);
        } catch (ContractRevertException e) {
            throw e.error() == null ? revert(b, e.reason(), e.getCause()) : e;
        }
    }

    /**
     * A read that does not wait: the future holds the decoded value, or fails as the blocking read throws
     * (reverts as {@link ContractRevertException}, a bad argument as {@link IllegalArgumentException}).
     */
    private CompletableFuture<Object> readAsync(MethodBinding b, Object[] a) {
        CompletableFuture<byte[]> answer;
        try {
            answer = caller.callAsync(request(b.encode(a)), binder.abi());
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
        return answer.handle((data, failure) -> {
            if (failure == null) {
                return b.decode(data);
            }
            Throwable cause = failure;
            while (cause instanceof CompletionException && cause.getCause() != null) {
                cause = cause.getCause();
            }
            if (cause instanceof RevertException e) {
                throw revert(b, e.reason(), e);
            }
            if (cause instanceof ContractRevertException e) {
                throw e.error() == null ? revert(b, e.reason(), e.getCause()) : e;
            }
            throw cause instanceof RuntimeException r ? r : new CompletionException(cause);
        });
    }

    /** The call a method makes, without making it: for Multicall3 batches. */
    RecordedCall record(Method method, Object[] args) {
        MethodBinding b = binder.binding(method);
        if (b != null && b.kind == MethodBinding.Kind.READ_ASYNC) {
            throw new IllegalArgumentException(method.getName() + " returns a CompletableFuture; a batch makes its "
                    + "calls at execute(), so add a method returning the value itself");
        }
        if (b == null || b.kind != MethodBinding.Kind.READ) {
            throw new IllegalArgumentException("only read methods (view or pure functions) can be batched; "
                    + method.getName() + " is not one");
        }
        return new RecordedCall(this, b, address, b.encode(args == null ? NO_ARGS : args));
    }

    private SigningClient signer() {
        if (signer == null) {
            throw new IllegalStateException(binder.type().getSimpleName() + " at " + address + " was bound without "
                    + "a SigningClient, so it cannot send transactions: bind it with BraneContracts.bind(type, "
                    + "address, signingClient), or declare the method to return PreparedCall to encode only");
        }
        return signer;
    }

    private CallRequest request(byte[] data) {
        return new CallRequest(signer == null ? null : signer.address(), address, null, data, null, null);
    }

    private TxRequest transaction(MethodBinding b, Object[] a) {
        return TxRequest.builder().to(address).data(b.encode(a)).value(b.value(a)).build();
    }

    /** A revert as the exception carrying the custom error's record, when the interface declares one. */
    ContractRevertException revert(MethodBinding b, RevertReason reason, Throwable cause) {
        Record error = null;
        if (reason instanceof RevertReason.CustomError custom) {
            ErrorBinding eb = binder.error(custom.error());
            if (eb != null) {
                error = eb.toRecord(custom.arguments());
            }
        }
        return new ContractRevertException(b.describe() + " at " + address, reason, error, cause);
    }

    private Object other(Object proxy, Method method, Object[] args) throws Throwable {
        Class<?> owner = method.getDeclaringClass();
        if (owner == Object.class) {
            return switch (method.getName()) {
                case "equals" -> proxy == args[0];
                case "hashCode" -> System.identityHashCode(proxy);
                case "toString" -> binder.type().getSimpleName() + "[" + address + "]";
                default -> throw new UnsupportedOperationException(method.getName());
            };
        }
        if (owner == BoundContract.class) {
            return bound(method, args);
        }
        if (method.isDefault()) {
            return InvocationHandler.invokeDefault(proxy, method, args);
        }
        throw new IllegalStateException("method " + method + " is not bound");
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private Object bound(Method method, Object[] args) {
        return switch (method.getName()) {
            case "contractAddress" -> address;
            case "contractAbi" -> binder.abi();
            case "contractClient" -> client;
            case "decodeEvent" -> binder.event((Class) args[0]).decode((Log) args[1]);
            case "decodeEvents" -> {
                EventBinding<?> event = binder.event((Class) args[0]);
                List<Object> out = new ArrayList<>();
                for (Log log : ((Receipt) args[1]).logs()) {
                    if (log.address().equals(address) && event.matches(log)) {
                        out.add(event.decode(log));
                    }
                }
                yield List.copyOf(out);
            }
            case "events" -> {
                EventBinding<?> event = binder.event((Class) args[0]);
                LogFilter filter = LogFilter.builder().fromBlock((BlockTag) args[1]).toBlock((BlockTag) args[2])
                        .address(address).topic(0, event.event().topic0()).build();
                List<Object> out = new ArrayList<>();
                for (Log log : client.getLogs(filter)) {
                    out.add(event.decode(log));
                }
                yield List.copyOf(out);
            }
            case "simulateCall" -> simulate((PreparedCall) args[0]);
            default -> throw new UnsupportedOperationException(method.getName());
        };
    }

    private sh.brane.client.ContractSimulation simulate(PreparedCall call) {
        if (!call.to().equals(address)) {
            throw new IllegalArgumentException("the call is to " + call.to() + ", not to this contract " + address);
        }
        sh.brane.core.abi.AbiFunction function = binder.abi().functionBySelector(call.data()).orElseThrow(
                () -> new IllegalArgumentException("no function of " + binder.type().getSimpleName()
                        + "'s ABI has the selector of this call"));
        CallRequest request = new CallRequest(signer == null ? null : signer.address(), address,
                call.value().signum() == 0 ? null : call.value(), call.data(), null, null);
        sh.brane.client.SimulatedCall result = client.simulate(
                sh.brane.client.Simulation.builder().block(List.of(request)).build(), BlockTag.LATEST)
                .getFirst().calls().getFirst();
        return sh.brane.client.ContractSimulation.of(result, function, binder.abi(), address);
    }

    /** The handler behind {@code contract}, or an error saying it is not a bound contract. */
    static ContractHandler of(Object contract) {
        if (contract != null && Proxy.isProxyClass(contract.getClass())
                && Proxy.getInvocationHandler(contract) instanceof ContractHandler h) {
            return h;
        }
        throw new IllegalArgumentException(contract + " is not a contract bound by BraneContracts");
    }
}
