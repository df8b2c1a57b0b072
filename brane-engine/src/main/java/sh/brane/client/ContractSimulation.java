package sh.brane.client;

import java.util.List;

import sh.brane.core.abi.Abi;
import sh.brane.core.abi.AbiFunction;
import sh.brane.core.abi.DecodedEvent;
import sh.brane.core.abi.RevertReason;
import sh.brane.core.types.Address;

/**
 * What a contract method would do if sent now ({@link Contract#simulate}, or a contract interface's
 * {@code simulateCall}).
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

    /**
     * The simulation of a call of {@code function} to {@code contract} read with the contract's {@code abi}: the
     * return values and the contract's own events if it succeeded, the revert decoded with the ABI's errors if not.
     */
    public static ContractSimulation of(SimulatedCall call, AbiFunction function, Abi abi, Address contract) {
        boolean ok = call.success();
        return new ContractSimulation(call, ok ? function.decodeReturn(call.returnData()) : List.of(),
                ok ? Contract.decodeEvents(abi, contract, call.logs(), null) : List.of(), call.revert(abi));
    }
}
