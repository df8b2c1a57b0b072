package sh.brane.example.transfer;

import java.math.BigDecimal;
import java.math.BigInteger;

import org.junit.jupiter.api.Test;
import sh.brane.example.web.InvalidRequestException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Amounts as users type them, and hostile ones: each refused with a message naming what is wrong. */
class AmountParsingTest {

    @Test
    void wholeUnitsBecomeTheSmallestUnit() {
        assertThat(TransferService.units("1.5", TransferService.amount("1.5"), 18))
                .isEqualTo(new BigInteger("1500000000000000000"));
        assertThat(TransferService.units("0.000000000000000001", TransferService.amount("0.000000000000000001"), 18))
                .isEqualTo(BigInteger.ONE);
        assertThat(TransferService.units("2e3", TransferService.amount("2e3"), 6)).isEqualTo(BigInteger.valueOf(2_000_000_000L));
        assertThat(TransferService.units("1.50", TransferService.amount(" 1.50 "), 1)).isEqualTo(BigInteger.valueOf(15));
    }

    @Test
    void malformedAmountsAreRefusedWithTheReason() {
        refused(null, "'amount' is missing");
        refused("   ", "'amount' is missing");
        refused("1,5", "is not a decimal number");
        refused("1.5 ether", "is not a decimal number");
        refused("NaN", "is not a decimal number");
        refused("0x10", "is not a decimal number");
        refused("0", "must be greater than 0");
        refused("-0.1", "must be greater than 0");
        refused("1e999999999", "is too large");
        refused("9".repeat(61), "is too large");
        refused("1".repeat(101), "is too long");
    }

    @Test
    void moreFractionDigitsThanTheAssetHasIsRefused() {
        BigDecimal tiny = TransferService.amount("1e-19");
        assertThatThrownBy(() -> TransferService.units("1e-19", tiny, 18))
                .isInstanceOf(InvalidRequestException.class).hasMessageContaining("more than 18 decimal places");
        BigDecimal cents = TransferService.amount("0.001");
        assertThatThrownBy(() -> TransferService.units("0.001", cents, 2))
                .isInstanceOf(InvalidRequestException.class).hasMessageContaining("more than 2 decimal places");
    }

    private static void refused(String text, String reason) {
        assertThatThrownBy(() -> TransferService.amount(text))
                .isInstanceOf(InvalidRequestException.class).hasMessageContaining(reason);
    }
}
