package sh.brane.client.contract;

import java.io.IOException;
import java.io.InputStream;

import sh.brane.client.BraneClient;
import sh.brane.client.Log;
import sh.brane.client.SigningClient;
import sh.brane.core.abi.Abi;
import sh.brane.core.abi.AbiEvent;
import sh.brane.core.types.Address;

/**
 * Contract interfaces: a Java interface describes a contract, {@code bind} returns a proxy whose methods call
 * its functions.
 *
 * <pre>{@code
 * @ContractAbi(resource = "/abi/erc20.json")
 * interface Erc20 extends BoundContract {
 *     BigInteger balanceOf(Address holder);
 *     int decimals();
 *     Hash transfer(Address to, BigInteger amount);
 *     record Transfer(Address from, Address to, BigInteger value) {}
 *     record InsufficientBalance(Address from, BigInteger balance, BigInteger needed) {}
 * }
 * Erc20 usdc = BraneContracts.bind(Erc20.class, address, signingClient);
 * }</pre>
 */
public final class BraneContracts {

    private static final ClassValue<ContractBinder<?>> ANNOTATED = new ClassValue<>() {
        @Override
        protected ContractBinder<?> computeValue(Class<?> type) {
            return new ContractBinder<>(type, annotatedAbi(type));
        }
    };

    private BraneContracts() {
    }

    /**
     * The binder of {@code type}, whose ABI is named by its {@link ContractAbi} annotation; checked once and
     * cached per interface.
     *
     * @throws ContractBindingException if the annotation is missing or the interface does not match the ABI
     */
    @SuppressWarnings("unchecked")
    public static <T> ContractBinder<T> binder(Class<T> type) {
        return (ContractBinder<T>) ANNOTATED.get(type);
    }

    /** The binder of {@code type} against {@code abi} (checked now; keep it to bind many addresses). */
    public static <T> ContractBinder<T> binder(Class<T> type, Abi abi) {
        return new ContractBinder<>(type, abi);
    }

    /** A read-only proxy at {@code address} (the ABI from {@link ContractAbi}). */
    public static <T> T bind(Class<T> type, Address address, BraneClient client) {
        return binder(type).bind(address, client);
    }

    /** A proxy at {@code address} sending through {@code signer} (the ABI from {@link ContractAbi}). */
    public static <T> T bind(Class<T> type, Address address, SigningClient signer) {
        return binder(type).bind(address, signer);
    }

    /** A read-only proxy at {@code address} against {@code abi}. */
    public static <T> T bind(Class<T> type, Abi abi, Address address, BraneClient client) {
        return binder(type, abi).bind(address, client);
    }

    /** A proxy at {@code address} against {@code abi}, sending through {@code signer}. */
    public static <T> T bind(Class<T> type, Abi abi, Address address, SigningClient signer) {
        return binder(type, abi).bind(address, signer);
    }

    /** Decodes {@code log} as {@code event} into a {@code type} record (checked against the event first). */
    public static <E extends Record> E decodeLog(Class<E> type, AbiEvent event, Log log) {
        return EventBinding.of(type, event).decode(log);
    }

    private static Abi annotatedAbi(Class<?> type) {
        ContractAbi annotation = type.getAnnotation(ContractAbi.class);
        if (annotation == null) {
            throw new ContractBindingException(type.getName() + " has no @ContractAbi(resource = ...): annotate it, "
                    + "or give the ABI when binding (BraneContracts.bind(type, abi, address, client))");
        }
        try (InputStream in = type.getResourceAsStream(annotation.resource())) {
            if (in == null) {
                throw new ContractBindingException("the ABI resource '" + annotation.resource() + "' of "
                        + type.getName() + " is not on the class path (relative names resolve against the "
                        + "interface's package; start with / for the root)");
            }
            return Abi.fromJson(in);
        } catch (IOException e) {
            throw new ContractBindingException("cannot read the ABI resource '" + annotation.resource() + "' of "
                    + type.getName() + ": " + e.getMessage());
        }
    }
}
