package sh.brane.core.crypto;

import java.util.Arrays;

/**
 * A BIP-32 derivation path such as {@code m/44'/60'/0'/0/0}. Hardened indices are written with
 * {@code '}, {@code h} or {@code H}; every index is below 2^31.
 */
public final class DerivationPath {

    /** The bit that marks a hardened index. */
    public static final int HARDENED = 0x8000_0000;

    /** Deepest path accepted (BIP-32 depth is one byte). */
    static final int MAX_DEPTH = 255;

    private final int[] indices;

    private DerivationPath(int[] indices) {
        this.indices = indices;
    }

    /** Parses {@code m} followed by {@code /index} or {@code /index'} elements. */
    public static DerivationPath parse(String path) {
        if (path == null) {
            throw new DerivationPathException("derivation path is null");
        }
        if (path.length() > 4096) {
            throw new DerivationPathException("derivation path is " + path.length() + " characters long");
        }
        if (!path.equals("m") && !path.startsWith("m/")) {
            throw new DerivationPathException("derivation path must start with 'm/', got " + describe(path));
        }
        if (path.equals("m")) {
            return new DerivationPath(new int[0]);
        }
        String[] parts = path.substring(2).split("/", -1);
        if (parts.length > MAX_DEPTH) {
            throw new DerivationPathException("derivation path has " + parts.length + " levels, at most " + MAX_DEPTH);
        }
        int[] indices = new int[parts.length];
        for (int i = 0; i < parts.length; i++) {
            String part = parts[i];
            boolean hardened = part.endsWith("'") || part.endsWith("h") || part.endsWith("H");
            String digits = hardened ? part.substring(0, part.length() - 1) : part;
            long value = parseIndex(digits);
            if (value < 0) {
                throw new DerivationPathException("derivation path element " + (i + 1) + " " + describe(part)
                        + " is not an index (a decimal number below 2^31, optionally followed by ')");
            }
            indices[i] = (int) value | (hardened ? HARDENED : 0);
        }
        return new DerivationPath(indices);
    }

    /** {@code m/44'/60'/0'/0/index}, the BIP-44 path of Ethereum account {@code index}. */
    public static DerivationPath ethereum(int index) {
        if (index < 0) {
            throw new IllegalArgumentException("account index must be 0 or more, got " + index);
        }
        return new DerivationPath(new int[] {44 | HARDENED, 60 | HARDENED, HARDENED, 0, index});
    }

    /** The indices, hardened ones with {@link #HARDENED} set. */
    public int[] indices() {
        return indices.clone();
    }

    int index(int level) {
        return indices[level];
    }

    public int depth() {
        return indices.length;
    }

    private static long parseIndex(String digits) {
        if (digits.isEmpty() || digits.length() > 10 || (digits.length() > 1 && digits.charAt(0) == '0')) {
            return -1;
        }
        long value = 0;
        for (int i = 0; i < digits.length(); i++) {
            char c = digits.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            value = value * 10 + (c - '0');
        }
        return value < HARDENED_LIMIT ? value : -1;
    }

    private static final long HARDENED_LIMIT = 1L << 31;

    /** Quotes short input; long input is only measured, in case a secret was passed by mistake. */
    private static String describe(String s) {
        return s.length() <= 16 ? "'" + s + "'" : "(" + s.length() + " characters, not shown)";
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("m");
        for (int index : indices) {
            sb.append('/').append(index & ~HARDENED);
            if ((index & HARDENED) != 0) {
                sb.append('\'');
            }
        }
        return sb.toString();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof DerivationPath other && Arrays.equals(indices, other.indices);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(indices);
    }
}
