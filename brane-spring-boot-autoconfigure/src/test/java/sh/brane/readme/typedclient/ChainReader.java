package sh.brane.readme.typedclient;

import java.math.BigInteger;
import java.util.List;
import java.util.Optional;

import sh.brane.client.AccessListResult;
import sh.brane.client.Block;
import sh.brane.client.BlockTag;
import sh.brane.client.BraneClient;
import sh.brane.client.CallFrame;
import sh.brane.client.CallRequest;
import sh.brane.client.Log;
import sh.brane.client.LogFilter;
import sh.brane.client.Receipt;
import sh.brane.client.SimulatedBlock;
import sh.brane.client.Simulation;
import sh.brane.client.Tracer;
import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;

/** docs/typed-client.md: every snippet of the page, in the order of the page (TypedClientExamplesTest runs them). */
public class ChainReader {

    private final BraneClient client;

    // the starter's BraneClient bean (brane.rpc.url), injected as any other bean
    public ChainReader(BraneClient client) {
        this.client = client;
    }

    public String whereAmI() {
        long chainId = this.client.chainId();          // eth_chainId, read once and kept
        long head = this.client.blockNumber();          // eth_blockNumber
        return "chain " + chainId + " at block " + head;
    }

    public BigInteger balances(Address account) {
        BigInteger now = this.client.getBalance(account);                          // at the latest block, in wei
        BigInteger then = this.client.getBalance(account, BlockTag.number(0));     // at block 0
        return now.subtract(then);
    }

    public Optional<Block> latestBlock() {
        // false: transaction hashes only; true: whole transactions in block.transactions()
        return this.client.getBlockByNumber(BlockTag.LATEST, false);
    }

    public boolean succeeded(Hash transaction) {
        Optional<Receipt> receipt = this.client.getTransactionReceipt(transaction);   // empty while pending
        return receipt.map(Receipt::isSuccess).orElse(false);
    }

    public List<Log> transfersOf(Address token, long fromBlock) {
        Hash transfer = Hash.of("0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef");
        LogFilter filter = LogFilter.builder()
            .fromBlock(BlockTag.number(fromBlock))
            .toBlock(BlockTag.LATEST)
            .address(token)
            .topic(0, transfer)
            .build();
        return this.client.getLogs(filter);
    }

    public byte[] read(Address contract, byte[] calldata) {
        return this.client.call(CallRequest.to(contract, calldata), BlockTag.LATEST);   // eth_call, the raw answer
    }

    public AccessListResult accessList(Address contract, byte[] calldata) {
        // eth_createAccessList: the slots a call touches, and its gas with that list
        return this.client.createAccessList(CallRequest.to(contract, calldata), BlockTag.LATEST);
    }

    public List<SimulatedBlock> simulate(Address contract, byte[] first, byte[] second) {
        // eth_simulateV1: both calls in one block, the second seeing the state the first left
        Simulation simulation = Simulation.builder()
            .block(List.of(CallRequest.to(contract, first), CallRequest.to(contract, second)))
            .build();
        return this.client.simulate(simulation, BlockTag.LATEST);
    }

    public CallFrame trace(Hash transaction) {
        // debug_traceTransaction with geth's callTracer: the call tree, each frame with its gas, output and error
        return this.client.traceTransaction(transaction, Tracer.calls());
    }
}
