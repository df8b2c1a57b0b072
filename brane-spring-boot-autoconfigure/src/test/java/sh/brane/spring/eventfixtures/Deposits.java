package sh.brane.spring.eventfixtures;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import sh.brane.client.Log;
import sh.brane.spring.boot.autoconfigure.events.BraneEventListener;

/** A bean applying the emitter's transfers, with the stream's settings on the annotation and in properties. */
public class Deposits {
    public final List<Emitter.Transfer> applied = new CopyOnWriteArrayList<>();
    public final List<Log> logs = new CopyOnWriteArrayList<>();

    @BraneEventListener(id = "deposits", contract = "emitter", pollInterval = "50ms")
    void onTransfer(Emitter.Transfer transfer, Log log) {
        applied.add(transfer);
        logs.add(log);
    }
}
