package sh.brane.core.abi;

import java.util.Arrays;
import java.util.List;

import sh.brane.primitives.Hex;

/** A custom Solidity error ({@code error InsufficientBalance(uint256 available, uint256 required)}). */
public final class AbiError {

    private final String name;
    private final List<AbiParameter> inputs;
    private final String signature;
    private final byte[] selector;
    private final List<AbiType> inputTypes;

    public AbiError(String name, List<AbiParameter> inputs) {
        this.name = name;
        this.inputs = List.copyOf(inputs);
        this.signature = AbiParameter.signature(name, this.inputs);
        this.selector = Signatures.selector(signature);
        this.inputTypes = AbiParameter.types(this.inputs);
    }

    /** An error from its signature, e.g. {@code InsufficientBalance(uint256,uint256)}. */
    public static AbiError parse(String signature) {
        return new AbiError(Signatures.name(signature, "error"), Signatures.parameters(signature, "error"));
    }

    public String name() {
        return name;
    }

    public List<AbiParameter> inputs() {
        return inputs;
    }

    public String signature() {
        return signature;
    }

    public byte[] selector() {
        return selector.clone();
    }

    public String selectorHex() {
        return Hex.encode(selector);
    }

    boolean matches(byte[] data) {
        return data != null && data.length >= 4 && Arrays.equals(data, 0, 4, selector, 0, 4);
    }

    /** Decodes revert data (selector first) into this error's arguments. */
    public List<Object> decode(byte[] revertData) {
        if (!matches(revertData)) {
            throw new AbiDecodingException("revert data does not start with the selector " + selectorHex()
                    + " of error " + signature);
        }
        return AbiDecoder.decode(inputTypes, revertData, 4, revertData.length - 4);
    }

    /** Revert data for this error: selector and encoded arguments (e.g. for tests and mocks). */
    public byte[] encode(Object... args) {
        AbiValue[] values = new AbiValue[inputTypes.size()];
        if (args.length != values.length) {
            throw new AbiEncodingException(signature + " takes " + values.length + " arguments, got " + args.length);
        }
        for (int i = 0; i < values.length; i++) {
            values[i] = JavaValues.convert(inputTypes.get(i), args[i], signature + " argument " + i);
        }
        return FastAbiEncoder.encode(selector, values);
    }

    @Override
    public String toString() {
        return "error " + signature;
    }
}
