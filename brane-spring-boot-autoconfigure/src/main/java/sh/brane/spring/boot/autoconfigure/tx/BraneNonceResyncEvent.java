package sh.brane.spring.boot.autoconfigure.tx;

import org.springframework.context.ApplicationEvent;

import sh.brane.core.types.Address;

/** An account's nonce counter was moved to follow the node (a refusal, or a chain that forgot transactions). */
public class BraneNonceResyncEvent extends ApplicationEvent {
    private final long chainId;
    private final transient Address account;
    private final long nextNonce;
    private final String reason;

    public BraneNonceResyncEvent(Object source, long chainId, Address account, long nextNonce, String reason) {
        super(source);
        this.chainId = chainId;
        this.account = account;
        this.nextNonce = nextNonce;
        this.reason = reason;
    }

    public long getChainId() {
        return this.chainId;
    }

    public Address getAccount() {
        return this.account;
    }

    public long getNextNonce() {
        return this.nextNonce;
    }

    public String getReason() {
        return this.reason;
    }
}
