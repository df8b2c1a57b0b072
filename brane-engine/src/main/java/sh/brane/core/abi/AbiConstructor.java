package sh.brane.core.abi;

import java.nio.ByteBuffer;
import java.util.List;

/** A contract's constructor: deployment data is the bytecode followed by the encoded arguments. */
public final class AbiConstructor {

    private final List<AbiParameter> inputs;
    private final String stateMutability;
    private final AbiType[] inputTypes;

    public AbiConstructor(List<AbiParameter> inputs, String stateMutability) {
        this.inputs = List.copyOf(inputs);
        this.stateMutability = stateMutability == null ? "nonpayable" : stateMutability;
        this.inputTypes = AbiParameter.types(this.inputs).toArray(new AbiType[0]);
    }

    public List<AbiParameter> inputs() {
        return inputs;
    }

    public String stateMutability() {
        return stateMutability;
    }

    /** The encoded constructor arguments alone. */
    public byte[] encodeArguments(Object... args) {
        return FastAbiEncoder.encode(null, toValues(args));
    }

    /** Deployment data: {@code bytecode} followed by the encoded arguments. */
    public byte[] encodeDeploy(byte[] bytecode, Object... args) {
        if (bytecode == null) {
            throw new AbiEncodingException("constructor bytecode is null");
        }
        AbiValue[] values = toValues(args);
        byte[] out = new byte[bytecode.length + FastAbiEncoder.encodedSize(values)];
        System.arraycopy(bytecode, 0, out, 0, bytecode.length);
        FastAbiEncoder.encodeTo(null, values, ByteBuffer.wrap(out, bytecode.length, out.length - bytecode.length));
        return out;
    }

    private AbiValue[] toValues(Object... args) {
        if (args == null) {
            args = new Object[] {null};
        }
        if (args.length != inputTypes.length) {
            throw new AbiEncodingException("constructor" + AbiParameter.signature("", inputs) + " takes "
                    + inputTypes.length + " arguments, got " + args.length);
        }
        AbiValue[] values = new AbiValue[args.length];
        for (int i = 0; i < args.length; i++) {
            values[i] = JavaValues.convert(inputTypes[i], args[i], "constructor argument " + i);
        }
        return values;
    }

    @Override
    public String toString() {
        return "constructor" + AbiParameter.signature("", inputs);
    }
}
