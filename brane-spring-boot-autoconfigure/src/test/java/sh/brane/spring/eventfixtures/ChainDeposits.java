package sh.brane.spring.eventfixtures;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import sh.brane.spring.boot.autoconfigure.events.BraneEventListener;

/** The emitter's transfers, read at an address on the chain named by {@code brane.events.streams.chain-deposits.chain}. */
public class ChainDeposits {
    public final List<Emitter.Transfer> applied = new CopyOnWriteArrayList<>();

    @BraneEventListener(id = "chain-deposits", address = "${emitter.address}", fromBlock = "0", confirmations = "1",
            pollInterval = "50ms")
    void onTransfer(Emitter.Transfer transfer) {
        applied.add(transfer);
    }
}
