package sh.brane.client.contract;

import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.List;

import sh.brane.client.Log;
import sh.brane.core.abi.AbiDecodingException;
import sh.brane.core.abi.AbiEvent;
import sh.brane.core.abi.AbiParameter;
import sh.brane.core.abi.AbiType;
import sh.brane.core.types.Hash;

/**
 * Decodes logs of one event straight into a record, its components in the event's declaration order (indexed
 * ones included). An indexed {@code string}, {@code bytes}, array or tuple is only present as the hash of its
 * encoding, so its component must be a {@link Hash}. Checked once, when the binding is made.
 *
 * @param <E> the record
 */
public final class EventBinding<E extends Record> {

    private final Class<E> type;
    private final AbiEvent event;
    private final TypeMapping.Conversion toRecord;

    private EventBinding(Class<E> type, AbiEvent event, TypeMapping.Conversion toRecord) {
        this.type = type;
        this.event = event;
        this.toRecord = toRecord;
    }

    /**
     * A binding of {@code type} to {@code event}.
     *
     * @throws ContractBindingException if the record's components do not match the event's inputs
     */
    public static <E extends Record> EventBinding<E> of(Class<E> type, AbiEvent event) {
        List<AbiType> types = new ArrayList<>();
        RecordComponent[] rc = type.getRecordComponents();
        for (int i = 0; i < event.inputs().size(); i++) {
            AbiParameter p = event.inputs().get(i);
            boolean hashed = p.indexed() && (p.type().isDynamic() || p.type() instanceof AbiType.ArrayType
                    || p.type() instanceof AbiType.TupleType);
            if (hashed && i < rc.length && rc[i].getType() != Hash.class && rc[i].getType() != Object.class) {
                throw new ContractBindingException("record " + type.getSimpleName() + " does not match event "
                        + event.signature() + ": component " + rc[i].getName() + " is an indexed "
                        + p.type().canonical() + ", which a log holds only as the Hash of its encoding; declare it Hash");
            }
            types.add(hashed ? AbiType.BYTES32 : p.type());
        }
        try {
            return new EventBinding<>(type, event, TypeMapping.recordResult(types, type, type.getSimpleName()));
        } catch (TypeMapping.Mismatch m) {
            throw new ContractBindingException("record " + type.getSimpleName() + " does not match event "
                    + event.signature() + ": " + m.getMessage());
        }
    }

    /**
     * A binding of {@code type} to the event of {@code abi} it names: {@link Event @Event("Name")}, else the
     * record's simple name.
     *
     * @throws ContractBindingException if the ABI has no such event or the record does not match it
     */
    public static <E extends Record> EventBinding<E> of(Class<E> type, sh.brane.core.abi.Abi abi) {
        Event named = type.getAnnotation(Event.class);
        String name = named != null ? named.value() : type.getSimpleName();
        AbiEvent event;
        try {
            event = abi.event(name);
        } catch (RuntimeException e) {
            throw new ContractBindingException("record " + type.getName() + " names event '" + name
                    + "', which the ABI does not have: " + e.getMessage() + " (use @Event(\"...\") if the names differ)");
        }
        return of(type, event);
    }

    public Class<E> type() {
        return type;
    }

    public AbiEvent event() {
        return event;
    }

    /** True if {@code log}'s topic 0 is this event's (always false for anonymous events). */
    public boolean matches(Log log) {
        return !event.anonymous() && !log.topics().isEmpty() && event.topic0().equals(log.topics().get(0));
    }

    /**
     * Decodes {@code log} into the record.
     *
     * @throws AbiDecodingException if the log is not this event or is malformed; the message names the block,
     *                              transaction and log index
     */
    public E decode(Log log) {
        try {
            return decode(log.topics(), log.data());
        } catch (AbiDecodingException e) {
            throw new AbiDecodingException("log " + log.logIndex() + " of transaction " + log.transactionHash()
                    + " in block " + log.blockNumber() + " does not decode as " + event.signature() + ": "
                    + e.getMessage());
        }
    }

    /** Decodes a log given as its topics and data. */
    public E decode(List<Hash> topics, byte[] data) {
        List<Object> values = event.decodeLog(topics, data).values();
        try {
            return type.cast(toRecord.apply(values));
        } catch (RuntimeException e) {
            throw new AbiDecodingException("event " + event.signature() + " does not fit record "
                    + type.getSimpleName() + ": " + e.getMessage());
        } catch (Throwable t) {
            throw new IllegalStateException("record " + type.getSimpleName() + " constructor failed", t);
        }
    }

    @Override
    public String toString() {
        return "EventBinding[" + type.getSimpleName() + " <- " + event.signature() + "]";
    }
}
