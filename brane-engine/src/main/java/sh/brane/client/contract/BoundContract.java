package sh.brane.client.contract;

import java.util.List;

import sh.brane.client.BlockTag;
import sh.brane.client.BraneClient;
import sh.brane.client.ContractSimulation;
import sh.brane.client.Log;
import sh.brane.client.Receipt;
import sh.brane.core.abi.Abi;
import sh.brane.core.types.Address;

/**
 * Extend this in a contract interface to reach its address, ABI and typed events from the bound proxy:
 * {@code interface Erc20 extends BoundContract { ... }}. The names are chosen not to clash with contract
 * functions.
 */
public interface BoundContract {

    /** The contract's address. */
    Address contractAddress();

    /** The ABI the interface was bound to. */
    Abi contractAbi();

    /**
     * The client this contract reads through: its node, and so its chain. Whatever else reads this contract's
     * events (an event listener) reads them through the same client, so they come from the chain it lives on.
     */
    BraneClient contractClient();

    /** The logs of {@code receipt} emitted by this contract as {@code type}'s event, decoded in order. */
    <E extends Record> List<E> decodeEvents(Class<E> type, Receipt receipt);

    /** Decodes one log as {@code type}'s event. */
    <E extends Record> E decodeEvent(Class<E> type, Log log);

    /** {@code eth_getLogs} for {@code type}'s event of this contract between two blocks, decoded. */
    <E extends Record> List<E> events(Class<E> type, BlockTag from, BlockTag to);

    /**
     * Runs {@code call} (what a state-changing method declared to return {@link PreparedCall} gives) through
     * {@code eth_simulateV1} at the latest block, from the bound signer's account (no sender without one), without
     * signing or sending it: the decoded return values and this contract's events, or the revert decoded with the
     * interface's ABI.
     *
     * @throws IllegalArgumentException if the call is to another contract or its selector is not in the ABI
     */
    ContractSimulation simulateCall(PreparedCall call);
}
