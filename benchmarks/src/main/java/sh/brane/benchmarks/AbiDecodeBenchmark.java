package sh.brane.benchmarks;

import java.math.BigInteger;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.Blackhole;
import org.web3j.abi.EventValues;
import org.web3j.abi.FunctionReturnDecoder;
import org.web3j.abi.TypeReference;
import org.web3j.abi.datatypes.DynamicStruct;
import org.web3j.abi.datatypes.Event;
import org.web3j.abi.datatypes.Type;
import org.web3j.abi.datatypes.Utf8String;
import org.web3j.abi.datatypes.generated.Uint256;
import org.web3j.protocol.core.methods.response.Log;
import org.web3j.tx.Contract;

import sh.brane.core.abi.AbiDecoder;
import sh.brane.core.abi.AbiEvent;
import sh.brane.core.abi.AbiParameter;
import sh.brane.core.abi.AbiType;
import sh.brane.core.abi.AbiValue;
import sh.brane.core.abi.DecodedEvent;
import sh.brane.core.abi.FastAbiEncoder;
import sh.brane.core.types.Address;
import sh.brane.primitives.Hex;

/**
 * ABI decoding of return data and event logs as they arrive from a node: hex strings. Brane decodes the hex
 * and then the ABI ({@link AbiDecoder}, {@link AbiEvent#decodeLog}); web3j's {@code FunctionReturnDecoder}
 * and {@code Contract.staticExtractEventParameters} (what generated wrappers call) take the hex directly.
 *
 * <p>{@code events}: 100 ERC-20 {@code Transfer(address indexed,address indexed,uint256)} logs per
 * invocation; the score is per log.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class AbiDecodeBenchmark {

    static final int LOGS = 100;

    /** web3j decodes structs reflectively into a class like this one (what its code generator writes). */
    public static final class W3Record extends DynamicStruct {
        public final BigInteger amount;
        public final String owner;
        public final String label;

        public W3Record(Uint256 amount, org.web3j.abi.datatypes.Address owner, Utf8String label) {
            super(amount, owner, label);
            this.amount = amount.getValue();
            this.owner = owner.getValue();
            this.label = label.getValue();
        }
    }

    private final List<AbiType> uintTypes = List.of(AbiType.UINT256);
    private final List<AbiType> addressTypes = List.of(AbiType.ADDRESS);
    private final List<AbiType> stringTypes = List.of(AbiType.STRING);
    private final List<AbiType> tupleTypes = List.of(AbiType.tuple(AbiType.UINT256, AbiType.ADDRESS, AbiType.STRING));

    @SuppressWarnings({"rawtypes", "unchecked"})
    private final List<TypeReference<Type>> w3Uint = (List) List.of(new TypeReference<Uint256>() { });
    @SuppressWarnings({"rawtypes", "unchecked"})
    private final List<TypeReference<Type>> w3Address =
            (List) List.of(new TypeReference<org.web3j.abi.datatypes.Address>() { });
    @SuppressWarnings({"rawtypes", "unchecked"})
    private final List<TypeReference<Type>> w3String = (List) List.of(new TypeReference<Utf8String>() { });
    @SuppressWarnings({"rawtypes", "unchecked"})
    private final List<TypeReference<Type>> w3Tuple = (List) List.of(new TypeReference<W3Record>() { });

    private String uintHex;
    private String addressHex;
    private String stringHex;
    private String tupleHex;

    private AbiEvent transferEvent;
    private Event w3TransferEvent;
    private String[][] logTopics;
    private String[] logData;
    private Log[] w3Logs;

    @Setup
    public void setUp() {
        Random random = new Random(7);
        BigInteger amount = new BigInteger(250, random);
        Address owner = Address.of("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed");
        String label = "a string returned by a view function, 60 chars long........";
        uintHex = Hex.encode(FastAbiEncoder.encode(null, AbiValue.uint256(amount)));
        addressHex = Hex.encode(FastAbiEncoder.encode(null, AbiValue.address(owner)));
        stringHex = Hex.encode(FastAbiEncoder.encode(null, AbiValue.string(label)));
        tupleHex = Hex.encode(FastAbiEncoder.encode(null,
                AbiValue.tuple(AbiValue.uint256(amount), AbiValue.address(owner), AbiValue.string(label))));

        transferEvent = new AbiEvent("Transfer", List.of(
                new AbiParameter("from", AbiType.ADDRESS, null, true, List.of()),
                new AbiParameter("to", AbiType.ADDRESS, null, true, List.of()),
                new AbiParameter("value", AbiType.UINT256, null, false, List.of())), false);
        w3TransferEvent = new Event("Transfer", List.of(
                new TypeReference<org.web3j.abi.datatypes.Address>(true) { },
                new TypeReference<org.web3j.abi.datatypes.Address>(true) { },
                new TypeReference<Uint256>() { }));
        logTopics = new String[LOGS][];
        logData = new String[LOGS];
        w3Logs = new Log[LOGS];
        for (int i = 0; i < LOGS; i++) {
            byte[] from = new byte[20];
            byte[] to = new byte[20];
            random.nextBytes(from);
            random.nextBytes(to);
            logTopics[i] = new String[] {
                    transferEvent.topic0().toHex(),
                    Hex.encode(FastAbiEncoder.encode(null, AbiValue.address(Address.fromBytes(from)))),
                    Hex.encode(FastAbiEncoder.encode(null, AbiValue.address(Address.fromBytes(to))))};
            logData[i] = Hex.encode(FastAbiEncoder.encode(null, AbiValue.uint256(new BigInteger(128, random))));
            Log log = new Log();
            log.setTopics(List.of(logTopics[i]));
            log.setData(logData[i]);
            w3Logs[i] = log;
        }

        Twins.same("decode uint256", braneUint256(), ((Uint256) web3jUint256().get(0)).getValue());
        Twins.same("decode address", ((Address) braneAddress().get(0)).toHex(),
                ((org.web3j.abi.datatypes.Address) web3jAddress().get(0)).getValue());
        Twins.same("decode string", braneString().get(0), web3jString().get(0).getValue());
        List<?> tuple = (List<?>) braneTuple().get(0);
        W3Record w3 = (W3Record) web3jTuple().get(0);
        Twins.same("decode tuple", tuple.get(0) + " " + ((Address) tuple.get(1)).toHex() + " " + tuple.get(2),
                w3.amount + " " + w3.owner + " " + w3.label);
        DecodedEvent e = decodeBraneLog(0);
        EventValues v = Contract.staticExtractEventParameters(w3TransferEvent, w3Logs[0]);
        Twins.same("decode log", ((Address) e.get(1)).toHex() + " " + e.get(2),
                v.getIndexedValues().get(1).getValue() + " " + v.getNonIndexedValues().get(0).getValue());
    }

    @Benchmark
    public Object braneUint256() {
        return AbiDecoder.decodeSingle(AbiType.UINT256, Hex.decode(uintHex));
    }

    @Benchmark
    public List<Type> web3jUint256() {
        return FunctionReturnDecoder.decode(uintHex, w3Uint);
    }

    @Benchmark
    public List<Object> braneAddress() {
        return AbiDecoder.decode(addressTypes, Hex.decode(addressHex));
    }

    @Benchmark
    public List<Type> web3jAddress() {
        return FunctionReturnDecoder.decode(addressHex, w3Address);
    }

    @Benchmark
    public List<Object> braneString() {
        return AbiDecoder.decode(stringTypes, Hex.decode(stringHex));
    }

    @Benchmark
    public List<Type> web3jString() {
        return FunctionReturnDecoder.decode(stringHex, w3String);
    }

    @Benchmark
    public List<Object> braneTuple() {
        return AbiDecoder.decode(tupleTypes, Hex.decode(tupleHex));
    }

    @Benchmark
    public List<Type> web3jTuple() {
        return FunctionReturnDecoder.decode(tupleHex, w3Tuple);
    }

    private DecodedEvent decodeBraneLog(int i) {
        String[] topics = logTopics[i];
        byte[][] raw = new byte[topics.length][];
        for (int t = 0; t < topics.length; t++) {
            raw[t] = Hex.decode(topics[t]);
        }
        return transferEvent.decodeLog(raw, Hex.decode(logData[i]));
    }

    @Benchmark
    @OperationsPerInvocation(LOGS)
    public void braneEvents(Blackhole bh) {
        for (int i = 0; i < LOGS; i++) {
            bh.consume(decodeBraneLog(i));
        }
    }

    @Benchmark
    @OperationsPerInvocation(LOGS)
    public void web3jEvents(Blackhole bh) {
        for (int i = 0; i < LOGS; i++) {
            bh.consume(Contract.staticExtractEventParameters(w3TransferEvent, w3Logs[i]));
        }
    }
}
