package sh.brane.client.tx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;

import org.junit.jupiter.api.Test;

import sh.brane.core.crypto.PrivateKey;
import sh.brane.core.tx.Eip1559Transaction;
import sh.brane.core.types.Address;

/** The in-memory journal does not grow without bound: finished entries leave after the retention. */
class InMemoryTransactionStoreTest {
    private static final PrivateKey KEY = PrivateKey.fromHex(
            "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d");

    /** A clock the test moves forward. */
    private static final class StepClock extends Clock {
        Instant now = Instant.parse("2026-01-01T00:00:00Z");

        @Override
        public ZoneOffset getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }

    @Test
    void finishedEntriesOlderThanTheRetentionAreRemovedAsNewOnesArrive() {
        StepClock clock = new StepClock();
        InMemoryTransactionStore store = new InMemoryTransactionStore(clock, Duration.ofMinutes(1));
        Address from = KEY.address();
        JournalEntry firstOpen = null;
        int sends = 3 * InMemoryTransactionStore.PRUNE_EVERY;
        for (int i = 0; i < sends; i++) {
            JournalEntry e = store.allocateAndRecord(1, from, "test", () -> 0, false, nonce -> Eip1559Transaction
                    .builder().chainId(1).nonce(nonce).to(from).value(0).gasLimit(21_000).maxFeePerGas(2)
                    .maxPriorityFeePerGas(1).build().sign(KEY)).orElseThrow();
            if (i == 0) {
                firstOpen = e; // stays SENT: never pruned
                store.transition(e.hash(), TxState.SIGNED, TxState.SENT, -1, true);
            } else {
                store.transition(e.hash(), TxState.SIGNED, TxState.CONFIRMED, 10, false);
            }
            clock.now = clock.now.plusSeconds(1);
        }
        // one minute of finished entries, plus at most one pruning period, plus the open one
        assertThat(store.size()).isLessThanOrEqualTo(60 + InMemoryTransactionStore.PRUNE_EVERY + 1);
        assertThat(store.find(firstOpen.hash())).isPresent();
        assertThat(store.unfinished(1, from)).extracting(JournalEntry::hash).containsExactly(firstOpen.hash());
        assertThat(store.nextNonce(1, from)).isEqualTo(sends);
        assertThat(store.prune(clock.now)).isGreaterThan(0);
        assertThat(store.size()).isEqualTo(1);
    }

    @Test
    void aRetentionBelowOneMillisecondIsRefusedNamingTheValue() {
        assertThatThrownBy(() -> new InMemoryTransactionStore(Clock.systemUTC(), Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("PT0S").hasMessageContaining("PT1H");
    }
}
