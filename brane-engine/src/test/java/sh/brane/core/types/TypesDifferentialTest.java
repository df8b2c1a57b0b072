package sh.brane.core.types;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.web3j.crypto.Keys;
import org.web3j.utils.Convert;

import sh.brane.primitives.Hex;

/** Address checksums and unit conversions against web3j on random inputs (fixed seeds). */
class TypesDifferentialTest {

    private static final int CASES = 1_000;

    @Test
    void checksumsMatchWeb3j() {
        Random random = new Random(55);
        for (int i = 0; i < CASES; i++) {
            byte[] bytes = new byte[20];
            random.nextBytes(bytes);
            String lower = Hex.encode(bytes);
            String expected = Keys.toChecksumAddress(lower);
            assertThat(Address.of(lower).toChecksumString()).as("case %d: %s", i, lower).isEqualTo(expected);
            assertThat(Address.of(expected).toHex()).as("case %d: %s", i, lower).isEqualTo(lower);
        }
    }

    @Test
    void unitConversionsMatchWeb3j() {
        Random random = new Random(1559);
        for (int i = 0; i < CASES; i++) {
            BigInteger wei = new BigInteger(1 + random.nextInt(120), random);
            Wei ours = Wei.of(wei);
            String context = "case " + i + ": " + wei + " wei";
            assertThat(ours.toEther()).as(context)
                    .isEqualByComparingTo(Convert.fromWei(new BigDecimal(wei), Convert.Unit.ETHER));
            assertThat(ours.toGwei()).as(context)
                    .isEqualByComparingTo(Convert.fromWei(new BigDecimal(wei), Convert.Unit.GWEI));

            String ether = ours.toPlainString(Wei.Unit.ETHER);
            String gwei = ours.toPlainString(Wei.Unit.GWEI);
            assertThat(Wei.ofEther(ether)).as(context).isEqualTo(ours);
            assertThat(Wei.ofGwei(gwei)).as(context).isEqualTo(ours);
            assertThat(Convert.toWei(ether, Convert.Unit.ETHER).toBigIntegerExact()).as(context).isEqualTo(wei);
            assertThat(Convert.toWei(gwei, Convert.Unit.GWEI).toBigIntegerExact()).as(context).isEqualTo(wei);
            assertThat(Wei.fromQuantity(ours.toQuantity())).as(context).isEqualTo(ours);
        }
    }
}
