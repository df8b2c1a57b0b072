package sh.brane.example.transfer;

import java.math.BigInteger;

import org.junit.jupiter.api.Test;
import sh.brane.example.web.InvalidRequestException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Amounts as users type them, and hostile ones: each refused with a message naming what is wrong. */
class AmountParsingTest {

    @Test
    void wholeUnitsBecomeTheSmallestUnit() {
        assertThat(TransferService.units("1.5", 18)).isEqualTo(new BigInteger("1500000000000000000"));
        assertThat(TransferService.units("0.000000000000000001", 18)).isEqualTo(BigInteger.ONE);
        assertThat(TransferService.units("2000", 6)).isEqualTo(BigInteger.valueOf(2_000_000_000L));
        assertThat(TransferService.units("1.5", 1)).isEqualTo(BigInteger.valueOf(15));
    }

    @Test
    void malformedAmountsAreRefusedWithTheReason() {
        refused(null, "'amount' is missing");
        refused("", "'amount' is missing");
        refused("   ", "is not a decimal number");
        refused(" 1.50 ", "invalid character ' ' at index 0");
        refused("1,5", "is not a decimal number");
        refused("1.5 ether", "is not a decimal number");
        refused("NaN", "is not a decimal number");
        refused("0x10", "is not a decimal number");
        refused("0", "must be greater than 0");
        refused("0.000", "must be greater than 0");
        refused("-0.1", "invalid character '-' at index 0");
        refused("+1", "invalid character '+' at index 0");
        refused("2e3", "invalid character 'e' at index 1");
        refused("1e999999999", "invalid character 'e' at index 1");
        refused("1.", "digits on both sides");
        refused(".5", "digits on both sides");
        refused("9".repeat(79), "is too large");
        refused("1".repeat(101), "is too large");
    }

    /** The amounts that moved money before: U+0660 reads like a point, so "5٠" was 50. */
    @Test
    void digitsOfOtherScriptsAreRefused() {
        refused("5\u0660", "'amount' \"5\\u0660\" is not a decimal number");
        refused("5\u0660", "(ARABIC-INDIC DIGIT ZERO) at index 1");
        refused("\uFF11", "FULLWIDTH DIGIT ONE");
        refused("\u0967\u0966", "DEVANAGARI DIGIT ONE");
    }

    @Test
    void syntaxIsCheckedWithoutTheTokensDecimals() {
        TransferService.checkAmountSyntax("1.5");
        TransferService.checkAmountSyntax("9".repeat(78));
        assertThatThrownBy(() -> TransferService.checkAmountSyntax("1,5")).isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("not a decimal number");
        assertThatThrownBy(() -> TransferService.checkAmountSyntax("5\u0660"))
                .isInstanceOf(InvalidRequestException.class).hasMessageContaining("\\u0660");
    }

    @Test
    void moreFractionDigitsThanTheAssetHasIsRefused() {
        assertThatThrownBy(() -> TransferService.units("0.0000000000000000001", 18))
                .isInstanceOf(InvalidRequestException.class).hasMessageContaining("more than 18 decimal places");
        assertThatThrownBy(() -> TransferService.units("0.001", 2))
                .isInstanceOf(InvalidRequestException.class).hasMessageContaining("more than 2 decimal places");
    }

    private static void refused(String text, String reason) {
        assertThatThrownBy(() -> TransferService.units(text, 18))
                .isInstanceOf(InvalidRequestException.class).hasMessageContaining(reason);
    }
}
