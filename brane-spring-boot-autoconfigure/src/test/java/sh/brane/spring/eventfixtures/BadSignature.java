package sh.brane.spring.eventfixtures;

import sh.brane.spring.boot.autoconfigure.events.BraneEventListener;

/** A listener method that takes a String: start-up must fail naming it. */
public class BadSignature {

    @BraneEventListener(address = "0x00000000000000000000000000000000000000e1")
    void onTransfer(String transfer) {
    }
}
