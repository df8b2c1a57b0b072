package sh.brane.example.dashboard;

import org.springframework.stereotype.Component;
import sh.brane.example.chain.ChainReader.BlockSummary;
import sh.brane.example.heads.HeadStream;

/** The newest block the service has seen, from its own polls or from the newHeads stream. */
@Component
public class LatestBlock {

    private final HeadStream heads;
    private volatile BlockSummary polled;

    LatestBlock(HeadStream heads) {
        this.heads = heads;
    }

    void update(BlockSummary block) {
        polled = block;
    }

    /** Number and timestamp (epoch seconds) of the newest block known, or null before any. */
    public long[] numberAndTimestamp() {
        BlockSummary p = polled;
        HeadStream.Head h = heads.latest();
        if (h != null && (p == null || h.number() >= p.number())) {
            return new long[] {h.number(), h.timestamp().getEpochSecond()};
        }
        return p == null ? null : new long[] {p.number(), p.timestamp().getEpochSecond()};
    }
}
