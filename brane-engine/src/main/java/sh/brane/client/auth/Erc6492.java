package sh.brane.client.auth;

import java.util.Arrays;
import java.util.List;

import sh.brane.core.abi.AbiDecoder;
import sh.brane.core.abi.AbiDecodingException;
import sh.brane.core.abi.AbiType;
import sh.brane.core.abi.AbiValue;
import sh.brane.core.abi.FastAbiEncoder;
import sh.brane.core.types.Address;

/**
 * The ERC-6492 signature wrapper of an account that is not deployed yet:
 * {@code abi.encode(factory, factoryCalldata, signature) || 0x6492...6492}. A verifier calls the factory with the
 * calldata (deploying the account inside an {@code eth_call}) and then asks the account through ERC-1271.
 */
public final class Erc6492 {

    /** The 32 bytes that end every wrapped signature. */
    private static final byte[] SUFFIX = suffix();

    private static final AbiType.TupleType WRAPPER = AbiType.tuple(AbiType.ADDRESS, AbiType.BYTES, AbiType.BYTES);

    /**
     * The parts of a wrapped signature.
     *
     * @param factory         the contract to call before asking the account (its factory, or a "prepare" target)
     * @param factoryCalldata what to call it with
     * @param signature       the account's own ERC-1271 signature
     */
    public record Wrapped(Address factory, byte[] factoryCalldata, byte[] signature) {
        public Wrapped {
            if (factory == null || factoryCalldata == null || signature == null) {
                throw new IllegalArgumentException("factory, factory calldata and signature are all required");
            }
            factoryCalldata = factoryCalldata.clone();
            signature = signature.clone();
        }

        @Override
        public byte[] factoryCalldata() {
            return factoryCalldata.clone();
        }

        @Override
        public byte[] signature() {
            return signature.clone();
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Wrapped w && factory.equals(w.factory)
                    && Arrays.equals(factoryCalldata, w.factoryCalldata) && Arrays.equals(signature, w.signature);
        }

        @Override
        public int hashCode() {
            return 31 * (31 * factory.hashCode() + Arrays.hashCode(factoryCalldata)) + Arrays.hashCode(signature);
        }

        @Override
        public String toString() {
            return "Erc6492.Wrapped[factory=" + factory + ", factoryCalldata=" + factoryCalldata.length
                    + " bytes, signature=" + signature.length + " bytes]";
        }
    }

    private Erc6492() {
    }

    /** The magic suffix {@code 0x6492...6492} (32 bytes). */
    public static byte[] suffix() {
        byte[] s = new byte[32];
        for (int i = 0; i < s.length; i += 2) {
            s[i] = 0x64;
            s[i + 1] = (byte) 0x92;
        }
        return s;
    }

    /** Whether {@code signature} ends in the ERC-6492 suffix. */
    public static boolean isWrapped(byte[] signature) {
        if (signature == null || signature.length < SUFFIX.length) {
            return false;
        }
        return Arrays.equals(signature, signature.length - SUFFIX.length, signature.length, SUFFIX, 0, SUFFIX.length);
    }

    /** Wraps an account's signature with the factory call that deploys (or prepares) the account. */
    public static byte[] wrap(Address factory, byte[] factoryCalldata, byte[] signature) {
        Wrapped w = new Wrapped(factory, factoryCalldata, signature);
        byte[] encoded = FastAbiEncoder.encode(new byte[0], AbiValue.address(w.factory()),
                AbiValue.bytes(w.factoryCalldata), AbiValue.bytes(w.signature));
        byte[] out = Arrays.copyOf(encoded, encoded.length + SUFFIX.length);
        System.arraycopy(SUFFIX, 0, out, encoded.length, SUFFIX.length);
        return out;
    }

    /**
     * The parts of a wrapped signature.
     *
     * @throws IllegalArgumentException if it does not end in the suffix or its body is not
     *                                  {@code abi.encode(address, bytes, bytes)}
     */
    public static Wrapped unwrap(byte[] wrapped) {
        if (!isWrapped(wrapped)) {
            throw new IllegalArgumentException("not an ERC-6492 signature: it does not end in the 32-byte suffix"
                    + " 0x6492...6492");
        }
        byte[] body = Arrays.copyOf(wrapped, wrapped.length - SUFFIX.length);
        List<Object> parts;
        try {
            parts = AbiDecoder.decode(WRAPPER.components(), body);
        } catch (AbiDecodingException e) {
            throw new IllegalArgumentException("ERC-6492 signature: the part before the suffix is not"
                    + " abi.encode(address factory, bytes factoryCalldata, bytes signature): " + e.getMessage(), e);
        }
        return new Wrapped((Address) parts.get(0), (byte[]) parts.get(1), (byte[]) parts.get(2));
    }
}
