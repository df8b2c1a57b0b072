package sh.brane.core.abi;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import sh.brane.primitives.Keccak256;

/** Selector and topic hashing, and parsing of {@code name(type,...)} signatures. */
final class Signatures {

    private Signatures() {
    }

    static byte[] keccak(String signature) {
        return Keccak256.hash(signature.getBytes(StandardCharsets.UTF_8));
    }

    static byte[] selector(String signature) {
        return Arrays.copyOf(keccak(signature), 4);
    }

    /** Splits {@code name(t1,t2)} into its name and parameters. */
    static List<AbiParameter> parameters(String signature, String what) {
        AbiType.TupleType tuple = tupleOf(signature, what);
        List<AbiParameter> out = new ArrayList<>(tuple.size());
        for (AbiType t : tuple.components()) {
            out.add(AbiParameter.of(t));
        }
        return out;
    }

    static String name(String signature, String what) {
        int open = signature == null ? -1 : signature.indexOf('(');
        if (open <= 0) {
            throw new AbiParseException(what + " signature \"" + signature
                    + "\" must look like name(type,...), e.g. transfer(address,uint256)");
        }
        String name = signature.substring(0, open).strip();
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (!(Character.isLetterOrDigit(c) || c == '_' || c == '$')) {
                throw new AbiParseException(what + " signature \"" + signature + "\" has an invalid name '" + name + "'");
            }
        }
        return name;
    }

    private static AbiType.TupleType tupleOf(String signature, String what) {
        name(signature, what);
        String types = signature.substring(signature.indexOf('(')).replace(" ", "");
        AbiType t;
        try {
            t = AbiType.parse(types);
        } catch (AbiParseException e) {
            throw new AbiParseException(what + " signature \"" + signature + "\": " + e.getMessage(), e);
        }
        if (!(t instanceof AbiType.TupleType tuple)) {
            throw new AbiParseException(what + " signature \"" + signature + "\" must end with its parameter list");
        }
        return tuple;
    }
}
