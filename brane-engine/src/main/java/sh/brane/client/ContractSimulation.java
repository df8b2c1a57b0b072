package sh.brane.client;

import java.util.List;

import sh.brane.core.abi.DecodedEvent;
import sh.brane.core.abi.RevertReason;

/**
 * What a contract method would do if sent now ({@link Contract#simulate}).
 *
 * @param call     the node's answer for the call
 * @param returned the decoded return values; empty if it reverted
 * @param events   this contract's events it would emit, decoded; empty if it reverted
 * @param revert   why it would revert, decoded with the contract's custom errors; {@link RevertReason.Empty} if not
 */
public record ContractSimulation(SimulatedCall call, List<Object> returned, List<DecodedEvent> events,
        RevertReason revert) {

    public ContractSimulation {
        returned = List.copyOf(returned);
        events = List.copyOf(events);
    }

    public boolean wouldSucceed() {
        return call.success();
    }
}
