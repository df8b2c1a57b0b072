package sh.brane.core.abi;

import java.util.List;

/**
 * A decoded log: the event and its argument values in declaration order (indexed reference types
 * as the {@link sh.brane.core.types.Hash} of their encoding).
 */
public record DecodedEvent(AbiEvent event, List<Object> values) {

    /** The value of the argument named {@code name}. */
    public Object get(String name) {
        List<AbiParameter> inputs = event.inputs();
        for (int i = 0; i < inputs.size(); i++) {
            if (inputs.get(i).name().equals(name)) {
                return values.get(i);
            }
        }
        throw new IllegalArgumentException("event " + event.signature() + " has no argument named '" + name + "'");
    }

    /** The value of argument {@code index}. */
    public Object get(int index) {
        return values.get(index);
    }

    @Override
    public String toString() {
        return event.name() + JavaValues.describe(values);
    }
}
