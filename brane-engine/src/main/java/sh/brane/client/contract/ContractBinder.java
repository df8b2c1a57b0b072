package sh.brane.client.contract;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import sh.brane.client.BraneClient;
import sh.brane.client.SigningClient;
import sh.brane.core.abi.Abi;
import sh.brane.core.abi.AbiError;
import sh.brane.core.abi.AbiEvent;
import sh.brane.core.abi.AbiFunction;
import sh.brane.core.types.Address;

/**
 * A contract interface checked against its ABI once: every abstract method bound to its function, every
 * nested event and error record to its ABI entry. Then {@link #bind} makes proxies for any number of
 * addresses cheaply (no checking, no reflection lookups), e.g. one per token a service reads.
 *
 * @param <T> the contract interface
 */
public final class ContractBinder<T> {

    private final Class<T> type;
    private final Abi abi;
    private final Map<Method, MethodBinding> all;
    private final Map<Class<?>, EventBinding<?>> events = new ConcurrentHashMap<>();
    private final List<ErrorBinding> errors;

    ContractBinder(Class<T> type, Abi abi) {
        if (!type.isInterface()) {
            throw new ContractBindingException(type.getName() + " is not an interface; contract bindings are "
                    + "Java interfaces whose methods name the contract's functions");
        }
        this.type = type;
        this.abi = abi;
        this.all = bindMethods(type, abi);
        List<ErrorBinding> errorBindings = new ArrayList<>();
        for (Class<?> nested : type.getDeclaredClasses()) {
            if (!nested.isRecord()) {
                continue;
            }
            @SuppressWarnings("unchecked")
            Class<? extends Record> record = (Class<? extends Record>) nested;
            Event event = record.getAnnotation(Event.class);
            ContractError error = record.getAnnotation(ContractError.class);
            String name = record.getSimpleName();
            if (event != null) {
                events.put(record, EventBinding.of(record, entry(() -> abi.event(event.value()), record, "event")));
            } else if (error != null) {
                errorBindings.add(ErrorBinding.of(record, entry(() -> abi.error(error.value()), record, "error")));
            } else if (abi.events().stream().anyMatch(e -> e.name().equals(name))) {
                events.put(record, EventBinding.of(record, entry(() -> abi.event(name), record, "event")));
            } else if (abi.errors().stream().anyMatch(e -> e.name().equals(name))) {
                errorBindings.add(ErrorBinding.of(record, entry(() -> abi.error(name), record, "error")));
            }
        }
        this.errors = List.copyOf(errorBindings);
    }

    private interface Lookup<X> {
        X find();
    }

    private static <X> X entry(Lookup<X> lookup, Class<?> record, String kind) {
        try {
            return lookup.find();
        } catch (IllegalArgumentException e) {
            throw new ContractBindingException("record " + record.getSimpleName() + " names no " + kind
                    + " of the ABI: " + e.getMessage());
        }
    }

    private static Map<Method, MethodBinding> bindMethods(Class<?> type, Abi abi) {
        Map<Method, MethodBinding> out = new HashMap<>();
        for (Method m : type.getMethods()) {
            if (m.isDefault() || Modifier.isStatic(m.getModifiers())
                    || m.getDeclaringClass() == BoundContract.class || m.getDeclaringClass() == Object.class) {
                continue;
            }
            Function named = m.getAnnotation(Function.class);
            String name = named != null ? named.value() : m.getName();
            List<AbiFunction> candidates;
            if (name.indexOf('(') >= 0) {
                try {
                    candidates = List.of(abi.function(name));
                } catch (IllegalArgumentException e) {
                    throw new ContractBindingException("method " + type.getSimpleName() + "." + m.getName()
                            + ": " + e.getMessage());
                }
            } else {
                candidates = abi.functions(name);
            }
            if (candidates.isEmpty()) {
                List<String> available = new ArrayList<>();
                abi.functions().forEach(f -> available.add(f.signature()));
                throw new ContractBindingException("method " + type.getSimpleName() + "." + m.getName()
                        + " has no function named '" + name + "' in the ABI" + (named == null
                        ? " (use @Function(\"...\") if the names differ)" : "") + "; functions: " + available);
            }
            out.put(m, MethodBinding.bind(m, candidates));
        }
        return out;
    }

    public Class<T> type() {
        return type;
    }

    public Abi abi() {
        return abi;
    }

    /**
     * A proxy at {@code address} without a signer: reads make one {@code eth_call} each; methods returning
     * {@link PreparedCall} or {@code TxRequest} encode; a method that would send (returning the hash or a
     * receipt) throws {@link IllegalStateException} when called, naming the fix.
     */
    public T bind(Address address, BraneClient client) {
        return bind(address, client, ContractCaller.direct(client));
    }

    /** As {@link #bind(Address, BraneClient)}, reads going through {@code caller} (e.g. auto-batching). */
    public T bind(Address address, BraneClient client, ContractCaller caller) {
        return proxy(new ContractHandler(this, address, client, null, caller));
    }

    /** A proxy whose state-changing methods are signed and sent by {@code signer}; reads are made from its account. */
    public T bind(Address address, SigningClient signer) {
        return proxy(new ContractHandler(this, address, signer.client(), signer, ContractCaller.direct(signer.client())));
    }

    private T proxy(ContractHandler handler) {
        return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, handler));
    }

    MethodBinding binding(Method method) {
        return all.get(method);
    }

    @SuppressWarnings("unchecked")
    <E extends Record> EventBinding<E> event(Class<E> record) {
        return (EventBinding<E>) events.computeIfAbsent(record, r -> {
            Event named = r.getAnnotation(Event.class);
            String name = named != null ? named.value() : r.getSimpleName();
            AbiEvent event = entry(() -> abi.event(name), r, "event");
            return EventBinding.of(record, event);
        });
    }

    /** The record for a custom error, or null if none is declared for it. */
    ErrorBinding error(AbiError error) {
        for (ErrorBinding b : errors) {
            if (b.error().signature().equals(error.signature())) {
                return b;
            }
        }
        return null;
    }

    @Override
    public String toString() {
        return "ContractBinder[" + type.getName() + ", " + all.size() + " methods]";
    }
}
