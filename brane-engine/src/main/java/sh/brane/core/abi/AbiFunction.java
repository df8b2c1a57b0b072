package sh.brane.core.abi;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;

import sh.brane.primitives.Hex;

/**
 * A contract function: its signature, 4-byte selector (computed once), and the encoding of calls
 * and decoding of results by its declared types.
 */
public final class AbiFunction {

    private final String name;
    private final List<AbiParameter> inputs;
    private final List<AbiParameter> outputs;
    private final String stateMutability;
    private final String signature;
    private final byte[] selector;
    private final AbiType[] inputTypes;
    private final List<AbiType> outputTypes;
    private final AbiType[] outputTypeArray;

    public AbiFunction(String name, List<AbiParameter> inputs, List<AbiParameter> outputs, String stateMutability) {
        this.name = name;
        this.inputs = List.copyOf(inputs);
        this.outputs = List.copyOf(outputs);
        this.stateMutability = stateMutability == null ? "nonpayable" : stateMutability;
        this.signature = AbiParameter.signature(name, this.inputs);
        this.selector = Signatures.selector(signature);
        this.inputTypes = AbiParameter.types(this.inputs).toArray(new AbiType[0]);
        this.outputTypes = AbiParameter.types(this.outputs);
        this.outputTypeArray = outputTypes.toArray(new AbiType[0]);
    }

    /**
     * A function from its signature, e.g. {@code transfer(address,uint256)}, with return types as a
     * tuple string, e.g. {@code (bool)}, or null/empty for none.
     */
    public static AbiFunction parse(String signature, String returnTypes) {
        List<AbiParameter> outputs = returnTypes == null || returnTypes.isBlank() ? List.of()
                : Signatures.parameters("returns" + (returnTypes.strip().startsWith("(") ? returnTypes.strip()
                        : "(" + returnTypes.strip() + ")"), "return types");
        return new AbiFunction(Signatures.name(signature, "function"),
                Signatures.parameters(signature, "function"), outputs, null);
    }

    /** A function from its signature, with no return values declared. */
    public static AbiFunction parse(String signature) {
        return parse(signature, null);
    }

    public String name() {
        return name;
    }

    public List<AbiParameter> inputs() {
        return inputs;
    }

    public List<AbiParameter> outputs() {
        return outputs;
    }

    public String stateMutability() {
        return stateMutability;
    }

    /** The canonical signature, e.g. {@code transfer(address,uint256)}. */
    public String signature() {
        return signature;
    }

    /** The 4-byte selector (a copy; keep it if you call {@link FastAbiEncoder} in a loop). */
    public byte[] selector() {
        return selector.clone();
    }

    /** The selector as {@code 0x}-prefixed hex. */
    public String selectorHex() {
        return Hex.encode(selector);
    }

    public List<AbiType> inputTypes() {
        return List.of(inputTypes);
    }

    public List<AbiType> outputTypes() {
        return outputTypes;
    }

    /**
     * Converts Java arguments to typed values by this function's input types (see
     * {@link AbiValue#of}); build these once to encode them with {@link FastAbiEncoder} repeatedly.
     */
    public AbiValue[] toValues(Object... args) {
        if (args == null) {
            args = new Object[] {null};
        }
        if (args.length != inputTypes.length) {
            throw new AbiEncodingException(signature + " takes " + inputTypes.length + " argument"
                    + (inputTypes.length == 1 ? "" : "s") + ", got " + args.length);
        }
        AbiValue[] values = new AbiValue[args.length];
        for (int i = 0; i < args.length; i++) {
            String argName = inputs.get(i).name().isEmpty() ? "" : " '" + inputs.get(i).name() + "'";
            values[i] = JavaValues.convert(inputTypes[i], args[i], signature + " argument " + i + argName);
        }
        return values;
    }

    /** Calldata: selector followed by the encoded arguments. */
    public byte[] encodeCall(Object... args) {
        return FastAbiEncoder.encode(selector, toValues(args));
    }

    /**
     * Writes selector and {@code values} into {@code buffer}, checking only that their types match
     * this function's inputs. Allocates nothing when given a prebuilt array (a varargs call
     * allocates the array itself).
     */
    public int encodeCallTo(ByteBuffer buffer, AbiValue... values) {
        if (values.length != inputTypes.length) {
            throw new AbiEncodingException(signature + " takes " + inputTypes.length + " arguments, got "
                    + values.length);
        }
        for (int i = 0; i < values.length; i++) {
            AbiType t = values[i].type;
            if (t != inputTypes[i] && !t.equals(inputTypes[i])) {
                throw new AbiEncodingException(signature + " argument " + i + " must be " + inputTypes[i].canonical()
                        + ", got a value of type " + t.canonical());
            }
        }
        return FastAbiEncoder.encodeTo(selector, values, buffer);
    }

    /** Decodes the return data of a call to this function by its output types. */
    public List<Object> decodeReturn(byte[] returnData) {
        return AbiDecoder.decode(outputTypeArray, returnData, 0, returnData == null ? 0 : returnData.length);
    }

    /** Decodes calldata of this function (selector first) back into its arguments. */
    public List<Object> decodeCall(byte[] calldata) {
        if (calldata == null || calldata.length < 4 || !Arrays.equals(calldata, 0, 4, selector, 0, 4)) {
            throw new AbiDecodingException("calldata does not start with the selector " + selectorHex() + " of "
                    + signature);
        }
        return AbiDecoder.decode(inputTypes, calldata, 4, calldata.length - 4);
    }

    boolean hasSelector(byte[] data) {
        return data.length >= 4 && Arrays.equals(data, 0, 4, selector, 0, 4);
    }

    boolean accepts(Object[] args) {
        if (args.length != inputTypes.length) {
            return false;
        }
        for (int i = 0; i < args.length; i++) {
            if (!JavaValues.fits(inputTypes[i], args[i])) {
                return false;
            }
        }
        return true;
    }

    @Override
    public String toString() {
        return signature + (outputs.isEmpty() ? "" : " returns " + AbiParameter.signature("", outputs));
    }
}
