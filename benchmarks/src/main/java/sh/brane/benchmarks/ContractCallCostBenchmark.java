package sh.brane.benchmarks;

import java.math.BigInteger;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.web3j.abi.FunctionEncoder;
import org.web3j.abi.FunctionReturnDecoder;
import org.web3j.abi.TypeReference;
import org.web3j.abi.datatypes.Function;
import org.web3j.abi.datatypes.Type;
import org.web3j.abi.datatypes.generated.Uint256;

import sh.brane.client.contract.BraneContracts;
import sh.brane.client.contract.ContractCaller;
import sh.brane.primitives.Hex;

/**
 * Where a typed read's own CPU goes, without a node: the part of {@code ContractReadBenchmark.braneTypedRead} that
 * is the contract layer ({@code braneContractLayer}: the proxy's dispatch, the argument conversion, encoding the
 * calldata, the {@code CallRequest}, decoding the uint256 and converting it; the caller answers the 32-byte word
 * from memory), against what a web3j wrapper does around its {@code eth_call} ({@code web3jWrapperCodec}: the
 * {@code Function}, {@code FunctionEncoder.encode} to hex, {@code FunctionReturnDecoder.decode} of the hex answer).
 * Neither includes the JSON-RPC envelope or the transport; {@code ContractReadBenchmark} measures the whole read.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class ContractCallCostBenchmark {

    private ContractReadBenchmark.Erc20 token;
    private String answerHex;

    @Setup
    public void setUp() {
        byte[] word = Hex.decode("0x" + ContractReadBenchmark.RUNTIME.substring(4, 68));
        answerHex = Hex.encode(word);
        ContractCaller fromMemory = (request, errors) -> word;
        token = BraneContracts.binder(ContractReadBenchmark.Erc20.class, ContractReadBenchmark.ABI)
                .bind(ContractReadBenchmark.TOKEN, null, fromMemory);
        Twins.same("balanceOf", braneContractLayer(), web3jWrapperCodec());
        Twins.same("balanceOf value", ContractReadBenchmark.ANSWER, braneContractLayer());
    }

    @Benchmark
    public BigInteger braneContractLayer() {
        return token.balanceOf(ContractReadBenchmark.HOLDER);
    }

    @Benchmark
    @SuppressWarnings({"rawtypes", "unchecked"})
    public BigInteger web3jWrapperCodec() {
        Function function = new Function("balanceOf",
                List.of(new org.web3j.abi.datatypes.Address(ContractReadBenchmark.HOLDER.toHex())),
                List.of(new TypeReference<Uint256>() { }));
        String data = FunctionEncoder.encode(function);
        if (data.length() != 2 + 8 + 64) {
            throw new IllegalStateException(data);
        }
        List<Type> decoded = FunctionReturnDecoder.decode(answerHex, function.getOutputParameters());
        return (BigInteger) decoded.get(0).getValue();
    }
}
