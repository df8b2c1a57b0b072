package sh.brane.core.abi;

import java.util.List;

/**
 * One input or output of an ABI entry, as the JSON ABI describes it.
 *
 * @param name         the parameter name, empty if the ABI gives none
 * @param type         the parsed type, e.g. {@code (uint256,address)[]} for a {@code tuple[]}
 * @param internalType Solidity's own name for the type (e.g. {@code struct Pool.Key}), or null
 * @param indexed      for event inputs: whether the value is in a topic instead of the data
 * @param components   for tuples and arrays of tuples: the tuple's named components; else empty
 */
public record AbiParameter(String name, AbiType type, String internalType, boolean indexed,
                           List<AbiParameter> components) {

    public AbiParameter {
        name = name == null ? "" : name;
        components = components == null ? List.of() : List.copyOf(components);
        if (type == null) {
            throw new AbiParseException("parameter '" + name + "' has no type");
        }
    }

    /** An unnamed, non-indexed parameter of {@code type}. */
    public static AbiParameter of(AbiType type) {
        return new AbiParameter("", type, null, false, List.of());
    }

    static List<AbiType> types(List<AbiParameter> parameters) {
        AbiType[] out = new AbiType[parameters.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = parameters.get(i).type();
        }
        return List.of(out);
    }

    static String signature(String name, List<AbiParameter> parameters) {
        StringBuilder sb = new StringBuilder(name).append('(');
        for (int i = 0; i < parameters.size(); i++) {
            if (i > 0) {
                sb.append(',');
            }
            sb.append(parameters.get(i).type().canonical());
        }
        return sb.append(')').toString();
    }
}
