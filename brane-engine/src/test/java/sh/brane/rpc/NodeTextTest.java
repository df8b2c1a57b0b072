package sh.brane.rpc;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class NodeTextTest {

    @Test
    void plainTextIsReturnedAsIs() {
        String s = "eth_getBlockByNumber 0x1f ünïcødé 😀";
        assertThat(NodeText.of(s)).isSameAs(s);
    }

    @Test
    void lineBreaksAndTerminalEscapesAreWrittenAsEscapes() {
        assertThat(NodeText.of("a\r\nb\tc")).isEqualTo("a\\r\\nb\\tc");
        assertThat(NodeText.of("\u001b[2Jx\u0000\u007f\u009b")).isEqualTo("\\u001b[2Jx\\u0000\\u007f\\u009b");
    }

    @Test
    void invisibleUnicodeIsWrittenAsEscapes() {
        // right-to-left override, zero-width space, line and paragraph separators, a lone surrogate
        assertThat(NodeText.of("pay\u202Eevil\u200B\u2028\u2029\uD800x"))
            .isEqualTo("pay\\u202eevil\\u200b\\u2028\\u2029\\ud800x");
        // a supplementary private-use code point becomes its two escaped halves
        assertThat(NodeText.of("\uDB80\uDC00")).isEqualTo("\\udb80\\udc00");
    }

    @Test
    void longTextIsCutWithAMarker() {
        String cut = NodeText.of("x".repeat(10_000));
        assertThat(cut).startsWith("x".repeat(NodeText.MAX_CHARS)).endsWith("...[" + (10_000 - NodeText.MAX_CHARS)
                + " more chars]");
        assertThat(cut.length()).isLessThan(NodeText.MAX_CHARS + 32);
        // escapes count toward the cap: a line of line feeds cannot grow six-fold
        assertThat(NodeText.of("\n".repeat(10_000)).length()).isLessThan(NodeText.MAX_CHARS + 32);
    }

    @Test
    void nullAndObjects() {
        assertThat(NodeText.of((String) null)).isEqualTo("null");
        assertThat(NodeText.of((Object) null)).isEqualTo("null");
        assertThat(NodeText.of(new StringBuilder("a\nb"))).isEqualTo("a\\nb");
    }
}
