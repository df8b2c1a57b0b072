package sh.brane.client.tx;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import sh.brane.client.tx.RefusalTexts.Text;
import sh.brane.client.tx.TransactionRefusedException.Refusal;

/** The refusal classifier against every client's own texts ({@link RefusalTexts}), and what each refusal means. */
class RefusalTextsTest {

    static List<Text> rows() {
        return RefusalTexts.all();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rows")
    void everyClientsTextIsReadAsWhatItMeans(Text row) {
        assertThat(TransactionRefusedException.classify(row.sample())).as(row.client() + ": " + row.sample())
                .isEqualTo(row.refusal());
        assertThat(TransactionRefusedException.classify(row.sample().toUpperCase(java.util.Locale.ROOT)))
                .as("case does not matter").isEqualTo(row.refusal());
        assertThat(row.sample().toLowerCase(java.util.Locale.ROOT)).contains(row.marker());
    }

    @ParameterizedTest
    @ValueSource(strings = { RefusalTexts.GETH, RefusalTexts.NETHERMIND, RefusalTexts.ERIGON, RefusalTexts.BESU,
            RefusalTexts.RETH, RefusalTexts.ANVIL })
    void everyClientHasARowForTheRefusalsEveryClientGives(String client) {
        Set<Refusal> covered = RefusalTexts.of(client).stream().map(Text::refusal)
                .collect(Collectors.toCollection(() -> EnumSet.noneOf(Refusal.class)));
        assertThat(covered).contains(Refusal.ALREADY_KNOWN, Refusal.NONCE_TOO_LOW, Refusal.REPLACEMENT_UNDERPRICED,
                Refusal.INSUFFICIENT_FUNDS);
    }

    /** Geth's txpool.ErrUnderpriced: not admitted, nothing holds the nonce. Read as "nonce taken" before. */
    @Test
    void aPlainTransactionUnderpricedIsNotANonceTaken() {
        Refusal r = TransactionRefusedException.classify("transaction underpriced: tip needed 2, tip permitted 1");
        assertThat(r).isEqualTo(Refusal.UNDERPRICED);
        assertThat(r.nonceTaken()).isFalse();
        assertThat(r.provesNotPooled()).isTrue();
        assertThat(TransactionRefusedException.classify("replacement transaction underpriced").nonceTaken()).isTrue();
    }

    @Test
    void whatEachRefusalSaysAboutTheNonceAndThePool() {
        for (Refusal r : Refusal.values()) {
            boolean taken = r == Refusal.NONCE_TOO_LOW || r == Refusal.REPLACEMENT_UNDERPRICED;
            boolean mayBePooled = r == Refusal.OTHER || r == Refusal.ALREADY_KNOWN;
            assertThat(r.nonceTaken()).as(r + " nonce taken").isEqualTo(taken);
            assertThat(r.mayBePooled()).as(r + " may be pooled").isEqualTo(mayBePooled);
            assertThat(r.provesNotPooled()).as(r + " releases").isEqualTo(!taken && !mayBePooled);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = { "", "502 Bad Gateway", "internal error", "upstream connect error or disconnect/reset" })
    void anythingNoClientSaysIsOther(String message) {
        assertThat(TransactionRefusedException.classify(message)).isEqualTo(Refusal.OTHER);
        assertThat(TransactionRefusedException.classify(null)).isEqualTo(Refusal.OTHER);
    }

    @Test
    void alreadyKnownAnswersCountAsAccepted() {
        for (Text row : RefusalTexts.all()) {
            assertThat(TransactionRefusedException.isAlreadyKnown(row.sample())).as(row.client() + ": " + row.sample())
                    .isEqualTo(row.refusal() == Refusal.ALREADY_KNOWN);
        }
    }
}
