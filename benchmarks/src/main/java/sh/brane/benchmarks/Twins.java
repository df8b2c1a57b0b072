package sh.brane.benchmarks;

import java.util.Arrays;

import sh.brane.primitives.Hex;

/**
 * Checks, once per trial, that a Brane case and its web3j twin produce the same bytes: a benchmark
 * comparing two pieces of code that do different work would measure nothing useful.
 */
final class Twins {

    private Twins() {
    }

    static void same(String what, byte[] brane, byte[] web3j) {
        if (!Arrays.equals(brane, web3j)) {
            throw new IllegalStateException(what + ": Brane and web3j disagree\n brane " + Hex.encode(brane)
                    + "\n web3j " + Hex.encode(web3j));
        }
    }

    static void same(String what, Object brane, Object web3j) {
        if (!String.valueOf(brane).equals(String.valueOf(web3j))) {
            throw new IllegalStateException(what + ": Brane and web3j disagree\n brane " + brane + "\n web3j " + web3j);
        }
    }
}
