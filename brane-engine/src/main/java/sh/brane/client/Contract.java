package sh.brane.client;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import sh.brane.core.abi.Abi;
import sh.brane.core.abi.AbiDecodingException;
import sh.brane.core.abi.AbiEvent;
import sh.brane.core.abi.AbiFunction;
import sh.brane.core.abi.DecodedEvent;
import sh.brane.core.types.Address;

/**
 * A deployed contract, driven by function name through its JSON ABI:
 * {@code contract.call("balanceOf", alice)} for views, {@code contract.send("transfer", bob, amount)} for
 * transactions. Reverts raise {@link RevertException} decoded with the ABI's custom errors.
 */
public final class Contract {
    private final Address address;
    private final Abi abi;
    private final BraneClient client;
    private final SigningClient signer;

    private Contract(Address address, Abi abi, BraneClient client, SigningClient signer) {
        this.address = address;
        this.abi = abi;
        this.client = client;
        this.signer = signer;
    }

    /** A contract for calls only. */
    public static Contract at(Address address, Abi abi, BraneClient client) {
        return new Contract(address, abi, client, null);
    }

    /** A contract for calls and transactions from {@code signer}'s account (calls are made from it too). */
    public static Contract at(Address address, Abi abi, SigningClient signer) {
        return new Contract(address, abi, signer.client(), signer);
    }

    /**
     * Deploys {@code bytecode} with the ABI's constructor arguments and waits for the receipt.
     *
     * @throws RevertException if the constructor reverted
     */
    public static Contract deploy(SigningClient signer, Abi abi, byte[] bytecode, Object... constructorArgs) {
        byte[] init = abi.constructor().map(c -> c.encodeDeploy(bytecode, constructorArgs))
                .orElseGet(() -> {
                    if (constructorArgs.length != 0) {
                        throw new IllegalArgumentException("the ABI has no constructor but "
                                + constructorArgs.length + " constructor arguments were given");
                    }
                    return bytecode.clone();
                });
        Receipt receipt = signer.send(TxRequest.builder().data(init).build(), abi);
        if (receipt.contractAddress() == null) {
            throw new IllegalStateException("deployment receipt " + receipt.transactionHash()
                    + " has no contract address");
        }
        return at(receipt.contractAddress(), abi, signer);
    }

    public Address address() {
        return address;
    }

    public Abi abi() {
        return abi;
    }

    /** Calls a view (or simulates any function) at the latest block; returns the decoded outputs. */
    public List<Object> call(String function, Object... args) {
        return callAt(BlockTag.LATEST, function, args);
    }

    /** As {@link #call}, at {@code block}. */
    public List<Object> callAt(BlockTag block, String function, Object... args) {
        AbiFunction f = resolve(function, args);
        CallRequest request = new CallRequest(signer == null ? null : signer.address(), address, null,
                f.encodeCall(args), null, null);
        return f.decodeReturn(client.call(request, block, null, abi));
    }

    /** The single output of a function with exactly one, e.g. {@code (BigInteger) callSingle("balanceOf", a)}. */
    public Object callSingle(String function, Object... args) {
        List<Object> out = call(function, args);
        if (out.size() != 1) {
            throw new IllegalArgumentException(function + " returns " + out.size() + " values, not one");
        }
        return out.get(0);
    }

    /** Sends a transaction calling {@code function}, waits for the receipt and decodes this contract's events. */
    public ContractReceipt send(String function, Object... args) {
        return sendWithValue(BigInteger.ZERO, function, args);
    }

    /** As {@link #send}, paying {@code wei} to a payable function. */
    public ContractReceipt sendWithValue(BigInteger wei, String function, Object... args) {
        if (signer == null) {
            throw new IllegalStateException("this contract was opened for calls only; use Contract.at(address, "
                    + "abi, signingClient) to send");
        }
        byte[] data = resolve(function, args).encodeCall(args);
        Receipt receipt = signer.send(TxRequest.builder().to(address).value(wei).data(data).build(), abi);
        return new ContractReceipt(receipt, decodeEvents(receipt));
    }

    /**
     * Runs {@code function} as the transaction {@link #send} would send (from the signer's account, with
     * {@code eth_simulateV1}'s validation off) without sending it: what it would return, the events it would emit,
     * or why it would revert, decoded with this contract's ABI. Nothing is signed or sent.
     */
    public ContractSimulation simulate(String function, Object... args) {
        AbiFunction f = resolve(function, args);
        CallRequest request = new CallRequest(signer == null ? null : signer.address(), address, null,
                f.encodeCall(args), null, null);
        SimulatedCall call = client.simulate(Simulation.builder().block(List.of(request)).build(), BlockTag.LATEST)
                .getFirst().calls().getFirst();
        return ContractSimulation.of(call, f, abi, address);
    }

    /** The events of this contract's ABI in {@code receipt}, decoded. */
    public List<DecodedEvent> decodeEvents(Receipt receipt) {
        return decodeEvents(receipt.logs(), receipt.transactionHash());
    }

    private List<DecodedEvent> decodeEvents(List<Log> logs, sh.brane.core.types.Hash transaction) {
        return decodeEvents(abi, address, logs, transaction);
    }

    /** The logs {@code address} emitted, decoded as the events of {@code abi} (others are passed over). */
    static List<DecodedEvent> decodeEvents(Abi abi, Address address, List<Log> logs,
                                           sh.brane.core.types.Hash transaction) {
        List<DecodedEvent> events = new ArrayList<>();
        for (Log log : logs) {
            if (!log.address().equals(address) || log.topics().isEmpty()) {
                continue;
            }
            Optional<AbiEvent> event = abi.eventByTopic(log.topics().get(0));
            if (event.isPresent()) {
                try {
                    events.add(event.get().decodeLog(log.topics(), log.data()));
                } catch (AbiDecodingException e) {
                    throw new AbiDecodingException("log " + log.logIndex() + " of transaction "
                            + transaction + " does not decode as " + event.get().signature() + ": "
                            + e.getMessage());
                }
            }
        }
        return events;
    }

    /** By name (the overload accepting {@code args}) or by full signature such as {@code "f(uint256)"}. */
    private AbiFunction resolve(String function, Object[] args) {
        return function.indexOf('(') >= 0 ? abi.function(function) : abi.function(function, args);
    }

    @Override
    public String toString() {
        return "Contract[" + address + "]";
    }
}
