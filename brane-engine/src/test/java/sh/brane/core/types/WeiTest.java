package sh.brane.core.types;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.math.BigInteger;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import sh.brane.core.types.Wei.Unit;

class WeiTest {

    private static final BigInteger ONE_ETHER = BigInteger.TEN.pow(18);

    @Test
    void convertsBetweenUnitsExactly() {
        Wei w = Wei.ofEther("1.5");
        assertThat(w.toBigInteger()).isEqualTo(new BigInteger("1500000000000000000"));
        assertThat(w.toEther()).isEqualByComparingTo("1.5");
        assertThat(w.toPlainString(Unit.ETHER)).isEqualTo("1.5");
        assertThat(w.toPlainString(Unit.GWEI)).isEqualTo("1500000000");
        assertThat(w.toPlainString(Unit.WEI)).isEqualTo("1500000000000000000");
        assertThat(Wei.of(1).toPlainString(Unit.ETHER)).isEqualTo("0.000000000000000001");
        assertThat(Wei.ofGwei("0.000000001")).isEqualTo(Wei.of(1));
        assertThat(Wei.ofGwei(30)).isEqualTo(Wei.of(30_000_000_000L));
        assertThat(Wei.ofGwei(new BigDecimal("2.25")).toGwei()).isEqualTo(new BigDecimal("2.25"));
        assertThat(Wei.ofEther(1000).toEther().toPlainString()).isEqualTo("1000");
        assertThat(Wei.ofEther(new BigDecimal("1E+3"))).isEqualTo(Wei.ofEther(1000));
        assertThat(Wei.ofEther("0.1").add(Wei.ofEther("0.2"))).isEqualTo(Wei.ofEther("0.3"));
        assertThat(Wei.ofEther("000.500")).isEqualTo(Wei.ofGwei(500_000_000));
        assertThat(Wei.of("0", Unit.ETHER)).isSameAs(Wei.ZERO);
    }

    @Test
    void maxIsTheLargestUint256() {
        assertThat(Wei.MAX.toBigInteger()).isEqualTo(BigInteger.TWO.pow(256).subtract(BigInteger.ONE));
        assertThat(Wei.of(Wei.MAX.toPlainString(Unit.WEI), Unit.WEI)).isEqualTo(Wei.MAX);
        assertThat(Wei.of(Wei.MAX.toPlainString(Unit.ETHER), Unit.ETHER)).isEqualTo(Wei.MAX);
        assertThatThrownBy(() -> Wei.of(BigInteger.TWO.pow(256))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("256 bits");
        assertThatThrownBy(() -> Wei.of("1" + "0".repeat(60), Unit.ETHER)).isInstanceOf(WeiFormatException.class)
                .hasMessageContaining("exceeds the largest uint256 amount");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "1.0000000000000000001|ETHER|has more than 18 decimals; 1 wei (the smallest amount) is 0.000000000000000001 ether",
            "0.0000000001|GWEI|has more than 9 decimals; 1 wei (the smallest amount) is 0.000000001 gwei",
            "1.5|WEI|wei is not a whole number",
            "-1|ETHER|invalid character '-' at index 0",
            "+1|ETHER|invalid character '+' at index 0",
            "1e18|WEI|invalid character 'e' at index 1",
            "1,5|ETHER|invalid character ',' at index 1",
            "1.2.3|ETHER|invalid character '.' at index 3",
            "' 1'|ETHER|invalid character ' ' at index 0",
            ".5|ETHER|needs digits on both sides",
            "5.|ETHER|needs digits on both sides",
            "''|ETHER|amount is empty",
            "NaN|ETHER|invalid character 'N' at index 0",
    })
    void rejectsMalformedAmountStrings(String amount, Unit unit, String message) {
        assertThatThrownBy(() -> Wei.of(amount, unit)).isInstanceOf(WeiFormatException.class)
                .hasMessageContaining(message);
    }

    @Test
    void rejectsHugeStringsBeforeParsingThem() {
        assertThatThrownBy(() -> Wei.ofEther("9".repeat(1_000_000))).isInstanceOf(WeiFormatException.class)
                .hasMessageContaining("too long (1000000 chars)");
        assertThatThrownBy(() -> Wei.ofEther((String) null)).isInstanceOf(WeiFormatException.class);
    }

    @Test
    void rejectsNegativeAndFractionalCodeValues() {
        assertThatThrownBy(() -> Wei.of(-1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("cannot be negative");
        assertThatThrownBy(() -> Wei.ofEther(new BigDecimal("-0.1"))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("cannot be negative, got -0.1 ether");
        assertThatThrownBy(() -> Wei.ofEther(new BigDecimal("1e-19"))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("0.0000000000000000001\" ether has more than 18 decimals");
        assertThatThrownBy(() -> Wei.ofGwei(-5)).isInstanceOf(IllegalArgumentException.class);
        assertThat(Wei.ofEther(new BigDecimal("1.500000000000000000000000000"))).isEqualTo(Wei.ofEther("1.5"));
        assertThat(Wei.ofEther(BigDecimal.ZERO.setScale(40))).isSameAs(Wei.ZERO);
        assertThat(Wei.of(new BigDecimal(Wei.MAX.toBigInteger()), Unit.WEI)).isEqualTo(Wei.MAX);
    }

    @Test
    void rejectsHostileBigDecimalsWithoutExpandingThem() {
        assertThatThrownBy(() -> Wei.ofEther(new BigDecimal("1E+1000000000"))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("1E+1000000000 ether exceeds the largest uint256 amount");
        assertThatThrownBy(() -> Wei.ofEther(new BigDecimal("1E-1000000000"))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("1E-1000000000\" ether has more than 18 decimals");
        assertThatThrownBy(() -> Wei.of(new BigDecimal(BigInteger.TWO.pow(256)), Unit.WEI))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("256 bits");
        assertThatThrownBy(() -> Wei.of(new BigDecimal("1E+60"), Unit.ETHER))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("exceeds the largest uint256");
    }

    @Test
    void parsesAmountsWithUnits() {
        assertThat(Wei.parse("1.5 ether")).isEqualTo(Wei.ofEther("1.5"));
        assertThat(Wei.parse("  30GWEI ")).isEqualTo(Wei.ofGwei(30));
        assertThat(Wei.parse("21000 wei")).isEqualTo(Wei.of(21_000));
        assertThat(Wei.parse("2 eth")).isEqualTo(Wei.ofEther(2));
        assertThat(Wei.parse(Wei.ofEther("1.5").toString())).isEqualTo(Wei.ofEther("1.5"));
        assertThatThrownBy(() -> Wei.parse("1.5")).isInstanceOf(WeiFormatException.class)
                .hasMessageContaining("must end with its unit: wei, gwei or ether");
        assertThatThrownBy(() -> Wei.parse("1.5 finney")).isInstanceOf(WeiFormatException.class);
        assertThatThrownBy(() -> Wei.parse("1.5e3 ether")).isInstanceOf(WeiFormatException.class)
                .hasMessageContaining("invalid character 'e'");
        assertThatThrownBy(() -> Wei.parse("ether")).isInstanceOf(WeiFormatException.class)
                .hasMessageContaining("empty");
    }

    @Test
    void readsAndWritesJsonRpcQuantities() {
        assertThat(Wei.fromQuantity("0x1bc16d674ec80000")).isEqualTo(Wei.ofEther(2));
        assertThat(Wei.fromQuantity("0x0")).isSameAs(Wei.ZERO);
        assertThat(Wei.ofEther(2).toQuantity()).isEqualTo("0x1bc16d674ec80000");
        assertThat(Wei.ZERO.toQuantity()).isEqualTo("0x0");
        assertThatThrownBy(() -> Wei.fromQuantity("0x1" + "0".repeat(64))).isInstanceOf(WeiFormatException.class)
                .hasMessageContaining("does not fit 256 bits");
        assertThatThrownBy(() -> Wei.fromQuantity("12")).isInstanceOf(WeiFormatException.class)
                .hasMessageContaining("not a JSON-RPC quantity");
        assertThatThrownBy(() -> Wei.fromQuantity("0xzz")).isInstanceOf(WeiFormatException.class)
                .hasMessageContaining("index 2");
    }

    @Test
    void arithmeticStaysInRange() {
        Wei one = Wei.ofEther(1);
        assertThat(one.add(Wei.of(1)).toBigInteger()).isEqualTo(ONE_ETHER.add(BigInteger.ONE));
        assertThat(one.subtract(Wei.ofGwei(1)).toBigInteger()).isEqualTo(ONE_ETHER.subtract(BigInteger.TEN.pow(9)));
        assertThat(one.subtract(one)).isSameAs(Wei.ZERO);
        assertThat(Wei.ofGwei(30).multiply(21_000)).isEqualTo(Wei.of(630_000_000_000_000L));
        assertThat(Wei.of(7).multiply(BigInteger.valueOf(6))).isEqualTo(Wei.of(42));
        assertThat(one.multiply(0).isZero()).isTrue();

        assertThatThrownBy(() -> Wei.of(1).subtract(Wei.of(2))).isInstanceOf(ArithmeticException.class)
                .hasMessage("cannot subtract 2 wei from 1 wei: the result would be negative");
        assertThatThrownBy(() -> one.multiply(-1)).isInstanceOf(ArithmeticException.class)
                .hasMessageContaining("negative factor -1");
        assertThatThrownBy(() -> one.multiply(BigInteger.valueOf(-2))).isInstanceOf(ArithmeticException.class);
        assertThatThrownBy(() -> Wei.MAX.add(Wei.of(1))).isInstanceOf(ArithmeticException.class)
                .hasMessageContaining("overflows 256 bits");
        assertThatThrownBy(() -> Wei.MAX.multiply(2)).isInstanceOf(ArithmeticException.class);
    }

    @Test
    void comparesAndConvertsToLong() {
        assertThat(Wei.ofGwei(1)).isLessThan(Wei.ofEther("0.000000001000000001"));
        assertThat(Wei.ofEther("1.50")).isEqualTo(Wei.ofEther("1.5")).hasSameHashCodeAs(Wei.ofEther("1.5"));
        assertThat(Wei.ofEther(9).toLongExact()).isEqualTo(9_000_000_000_000_000_000L);
        assertThatThrownBy(() -> Wei.ofEther(10).toLongExact()).isInstanceOf(ArithmeticException.class);
        assertThat(Wei.of(5).toString()).isEqualTo("5 wei");
    }
}
