package sh.brane.spring.boot.autoconfigure.tx;

import org.springframework.context.ApplicationEvent;

import sh.brane.client.tx.TransactionStateChange;

/** A journalled transaction changed state; published once per change (by the instance whose update won). */
public class BraneTransactionEvent extends ApplicationEvent {
    private final transient TransactionStateChange change;

    public BraneTransactionEvent(Object source, TransactionStateChange change) {
        super(source);
        this.change = change;
    }

    public TransactionStateChange getChange() {
        return this.change;
    }
}
