package sh.brane.spring.boot.autoconfigure.devnet;

import java.time.Duration;
import java.util.List;

import sh.brane.core.types.Address;
import sh.brane.core.types.Wei;
import sh.brane.rpc.BraneProvider;
import tools.jackson.databind.JsonNode;

/**
 * Typed control of a development node (Anvil) for tests and demos, instead of raw {@code evm_*} and
 * {@code anvil_*} calls: mine blocks, take and revert snapshots, impersonate accounts, set balances, move time.
 * A bean when the devnet runs ({@code brane.devnet.enabled}); never against a production node, which refuses
 * these methods.
 */
public final class DevNode {

    /** A state snapshot to revert to; each can be reverted once. */
    public record Snapshot(String id) {
    }

    private final BraneProvider provider;

    public DevNode(BraneProvider provider) {
        this.provider = provider;
    }

    /** Mines one block. */
    public void mine() {
        mine(1);
    }

    /** Mines {@code blocks} blocks (1 or more). */
    public void mine(int blocks) {
        if (blocks < 1) {
            throw new IllegalArgumentException("blocks must be at least 1, got " + blocks);
        }
        this.provider.send("anvil_mine", List.of(quantity(blocks)));
    }

    /** Takes a snapshot of the chain state. */
    public Snapshot snapshot() {
        return new Snapshot(this.provider.send("evm_snapshot", List.of()).asString());
    }

    /**
     * Reverts to {@code snapshot} (and drops it and every later one).
     *
     * @throws IllegalStateException when the node no longer knows the snapshot
     */
    public void revert(Snapshot snapshot) {
        JsonNode reverted = this.provider.send("evm_revert", List.of(snapshot.id()));
        if (!reverted.asBoolean()) {
            throw new IllegalStateException("the node did not revert to snapshot " + snapshot.id()
                    + " (each snapshot can be reverted once)");
        }
    }

    /** Lets transactions be sent from {@code account} without its key (eth_sendTransaction). */
    public void impersonate(Address account) {
        this.provider.send("anvil_impersonateAccount", List.of(account.toHex()));
    }

    /** Ends {@link #impersonate(Address)}. */
    public void stopImpersonating(Address account) {
        this.provider.send("anvil_stopImpersonatingAccount", List.of(account.toHex()));
    }

    /** Sets the ether balance of {@code account}. */
    public void setBalance(Address account, Wei balance) {
        this.provider.send("anvil_setBalance", List.of(account.toHex(), balance.toQuantity()));
    }

    /** Moves the node's clock forward by {@code time} (whole seconds); the next block carries the new time. */
    public void increaseTime(Duration time) {
        if (time.isNegative() || time.toNanos() % 1_000_000_000L != 0) {
            throw new IllegalArgumentException("time must be a non-negative whole number of seconds, got " + time);
        }
        this.provider.send("evm_increaseTime", List.of(quantity(time.toSeconds())));
    }

    private static String quantity(long value) {
        return "0x" + Long.toHexString(value);
    }
}
