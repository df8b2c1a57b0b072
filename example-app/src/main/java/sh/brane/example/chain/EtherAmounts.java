package sh.brane.example.chain;

import java.math.BigDecimal;
import java.math.BigInteger;

/** Formats token and ether amounts held as integers of their smallest unit. */
public final class EtherAmounts {

    private EtherAmounts() {
    }

    public static String toEther(BigInteger wei) {
        return scaled(wei, 18);
    }

    public static String scaled(BigInteger units, int decimals) {
        return new BigDecimal(units, decimals).stripTrailingZeros().toPlainString();
    }
}
