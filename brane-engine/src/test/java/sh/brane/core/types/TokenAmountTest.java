package sh.brane.core.types;

import java.math.BigInteger;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Amounts as users type them, and the strings an attacker sends instead. */
class TokenAmountTest {

    private static final BigInteger MAX_UINT256 = BigInteger.ONE.shiftLeft(256).subtract(BigInteger.ONE);

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "1.5|18|1500000000000000000",
            "0.000000000000000001|18|1",
            "12.25|6|12250000",
            "12.250000|6|12250000",
            "30|0|30",
            "0|18|0",
            "0.0|2|0",
            "007.10|2|710",
            "1|77|100000000000000000000000000000000000000000000000000000000000000000000000000000",
    })
    void plainDecimalsBecomeBaseUnits(String text, int decimals, String units) {
        assertThat(TokenAmount.parse(text, decimals)).isEqualTo(new BigInteger(units));
    }

    /** Digits of other scripts read like ASCII digits (U+0660 looks like a point) and BigDecimal takes them all. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "5\u0660|invalid character '\\u0660' (ARABIC-INDIC DIGIT ZERO) at index 1",
            "\uFF11|invalid character '\\uff11' (FULLWIDTH DIGIT ONE) at index 0",
            "\u0967\u0966|invalid character '\\u0967' (DEVANAGARI DIGIT ONE) at index 0",
            "1e3|invalid character 'e' at index 1",
            "1E3|invalid character 'E' at index 1",
            "+1|invalid character '+' at index 0",
            "-1|invalid character '-' at index 0",
            "' 1'|invalid character ' ' at index 0",
            "'1 '|invalid character ' ' at index 1",
            "'1\t'|invalid character '\\t' at index 1",
            "1,5|invalid character ',' at index 1",
            "1_000|invalid character '_' at index 1",
            "1.2.3|invalid character '.' at index 3",
            "0x10|invalid character 'x' at index 1",
            "NaN|invalid character 'N' at index 0",
            "1.|needs digits on both sides of the decimal point",
            ".5|needs digits on both sides of the decimal point",
            ".|needs digits on both sides of the decimal point",
            "''|amount is empty",
    })
    void anythingButAsciiDigitsAndOnePointIsRefused(String text, String reason) {
        assertThatThrownBy(() -> TokenAmount.parse(text, 18)).isInstanceOf(TokenAmountFormatException.class)
                .hasMessageContaining(reason)
                // every message says what is accepted
                .hasMessageContaining("ASCII digits 0-9 with at most one '.'");
    }

    @Test
    void theValueIsNamedEscapedSoNoMessageCarriesControlCharactersOrLookalikes() {
        assertThatThrownBy(() -> TokenAmount.parse("5\u0660", 18)).hasMessageStartingWith("amount \"5\\u0660\"");
        assertThatThrownBy(() -> TokenAmount.parse("1\n\u001b[31m", 18))
                .hasMessageContaining("\"1\\n\\u001b[31m\"")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n").doesNotContain("\u001b"));
        assertThatThrownBy(() -> TokenAmount.parse("1" + "\u0660".repeat(100), 2))
                .satisfies(e -> assertThat(e.getMessage().length()).isLessThan(400));
    }

    @Test
    void moreFractionDigitsThanTheTokenHasIsRefusedNotRounded() {
        assertThatThrownBy(() -> TokenAmount.parse("0.001", 2)).isInstanceOf(TokenAmountFormatException.class)
                .hasMessageContaining("amount \"0.001\" has 3 digits after the point, more than the 2 decimals")
                .hasMessageContaining("the smallest amount is 0.01");
        assertThatThrownBy(() -> TokenAmount.parse("1.5", 0)).isInstanceOf(TokenAmountFormatException.class)
                .hasMessageContaining("whole number");
        // trailing zeros are digits too: the text says more precision than the token has
        assertThatThrownBy(() -> TokenAmount.parse("1.000", 2)).hasMessageContaining("more than the 2 decimals");
    }

    @Test
    void amountsBeyondUint256AreRefused() {
        assertThat(TokenAmount.parse(MAX_UINT256.toString(), 0)).isEqualTo(MAX_UINT256);
        assertThatThrownBy(() -> TokenAmount.parse(MAX_UINT256.add(BigInteger.ONE).toString(), 0))
                .isInstanceOf(TokenAmountFormatException.class).hasMessageContaining("2^256-1");
        assertThatThrownBy(() -> TokenAmount.parse("1" + "0".repeat(60), 18))
                .isInstanceOf(TokenAmountFormatException.class).hasMessageContaining("exceeds the largest uint256");
    }

    @Test
    void overLongInputIsRefusedBeforeItIsRead() {
        assertThatThrownBy(() -> TokenAmount.parse("9".repeat(1_000_000), 18))
                .isInstanceOf(TokenAmountFormatException.class)
                .hasMessageContaining("too long (1000000 chars); at most 97");
        assertThatThrownBy(() -> TokenAmount.parse(null, 18)).isInstanceOf(TokenAmountFormatException.class)
                .hasMessageContaining("amount is missing");
    }

    @ParameterizedTest
    @ValueSource(ints = {-1, 256})
    void decimalsOutsideAnErc20sUint8AreAProgrammingError(int decimals) {
        assertThatThrownBy(() -> TokenAmount.parse("1", decimals)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("decimals must be 0 to 255");
        assertThatThrownBy(() -> TokenAmount.format(BigInteger.ONE, decimals))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("decimals must be 0 to 255");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "1500000000000000000|18|1.5",
            "1|18|0.000000000000000001",
            "0|18|0",
            "1000|0|1000",
            "1000|3|1",
            "12250000|6|12.25",
            "100|1|10",
    })
    void formatIsPlainWithoutTrailingZerosAndParsesBack(String units, int decimals, String text) {
        BigInteger value = new BigInteger(units);
        assertThat(TokenAmount.format(value, decimals)).isEqualTo(text);
        assertThat(TokenAmount.parse(text, decimals)).isEqualTo(value);
    }

    @Test
    void formatRefusesNegativeAmounts() {
        assertThatThrownBy(() -> TokenAmount.format(BigInteger.valueOf(-1), 18))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("negative");
    }
}
