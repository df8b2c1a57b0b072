package sh.brane.client;

import java.util.List;

import sh.brane.core.abi.DecodedEvent;

/**
 * The receipt of a contract transaction and the events of that contract's ABI it emitted, decoded, in log order.
 * Logs of other contracts, or with a topic the ABI does not know, are in {@link Receipt#logs()} only.
 */
public record ContractReceipt(Receipt receipt, List<DecodedEvent> events) {

    public ContractReceipt {
        events = List.copyOf(events);
    }

    /** The decoded events with this name. */
    public List<DecodedEvent> events(String name) {
        return events.stream().filter(e -> e.event().name().equals(name)).toList();
    }
}
