package sh.brane.readme.gettingstarted;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.springframework.stereotype.Component;

import sh.brane.client.Log;
import sh.brane.spring.boot.autoconfigure.events.BraneEventListener;

/** docs/getting-started.md, "5. Listen to its events". */
@Component
public class Deposits {

    final List<Token.Transfer> received = new CopyOnWriteArrayList<>();

    @BraneEventListener(contract = "token")
    void onTransfer(Token.Transfer transfer, Log log) {
        this.received.add(transfer);
    }
}
