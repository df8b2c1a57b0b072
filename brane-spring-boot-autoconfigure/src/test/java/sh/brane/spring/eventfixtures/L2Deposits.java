package sh.brane.spring.eventfixtures;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import sh.brane.spring.boot.autoconfigure.events.BraneEventListener;

/** The emitter's transfers on the chain the annotation names ({@code chain = "l2"}), no property needed. */
public class L2Deposits {
    public final List<Emitter.Transfer> applied = new CopyOnWriteArrayList<>();

    @BraneEventListener(id = "l2-deposits", chain = "l2", address = "${emitter.address}", fromBlock = "0",
            confirmations = "1", pollInterval = "50ms")
    void onTransfer(Emitter.Transfer transfer) {
        applied.add(transfer);
    }
}
