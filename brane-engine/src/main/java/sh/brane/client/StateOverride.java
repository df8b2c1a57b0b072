package sh.brane.client;

import java.math.BigInteger;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;
import sh.brane.primitives.Hex;

/**
 * State overrides for {@code eth_call} (the third parameter Geth, Reth and Anvil accept): pretend an account has
 * another balance, nonce, code or storage for the duration of the call.
 *
 * <pre>{@code
 * StateOverride o = StateOverride.builder().balance(alice, BigInteger.TEN.pow(21)).code(token, bytecode).build();
 * }</pre>
 */
public final class StateOverride {
    private final Map<String, Map<String, Object>> accounts;

    private StateOverride(Map<String, Map<String, Object>> accounts) {
        this.accounts = accounts;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The JSON-RPC object: address to override fields. */
    public Map<String, Object> toJson() {
        return Collections.unmodifiableMap(accounts);
    }

    /** Collects overrides per account. */
    public static final class Builder {
        private final Map<String, Map<String, Object>> accounts = new LinkedHashMap<>();

        private Builder() {
        }

        public Builder balance(Address account, BigInteger wei) {
            entry(account).put("balance", Quantities.hex(wei));
            return this;
        }

        public Builder nonce(Address account, long nonce) {
            entry(account).put("nonce", Quantities.hex(nonce));
            return this;
        }

        public Builder code(Address account, byte[] code) {
            entry(account).put("code", Hex.encode(code));
            return this;
        }

        /** Changes one storage slot, keeping the others ({@code stateDiff}). */
        @SuppressWarnings("unchecked")
        public Builder storage(Address account, Hash slot, Hash value) {
            Map<String, Object> e = entry(account);
            if (e.containsKey("state")) {
                throw new IllegalArgumentException("the storage of " + account + " is already replaced whole "
                        + "(replaceStorage); put this slot into that map instead");
            }
            Map<String, Object> diff = (Map<String, Object>) e
                    .computeIfAbsent("stateDiff", k -> new LinkedHashMap<String, Object>());
            diff.put(slot.toHex(), value.toHex());
            return this;
        }

        /**
         * Replaces the account's whole storage with {@code slots} ({@code state}): every slot not in the map reads
         * as zero. A node takes either this or {@link #storage single slots} for one account, not both.
         */
        public Builder replaceStorage(Address account, Map<Hash, Hash> slots) {
            Map<String, Object> e = entry(account);
            if (e.containsKey("stateDiff")) {
                throw new IllegalArgumentException("slots of " + account + " are already changed one by one "
                        + "(storage); a node takes either those or a whole replacement, not both");
            }
            Map<String, Object> state = new LinkedHashMap<>();
            slots.forEach((slot, value) -> state.put(slot.toHex(), value.toHex()));
            e.put("state", state);
            return this;
        }

        /**
         * Moves the precompile at {@code precompile} to {@code destination} ({@code movePrecompileToAddress}, an
         * {@code eth_simulateV1} override), so that code put at {@code precompile} can call the original there.
         */
        public Builder movePrecompile(Address precompile, Address destination) {
            entry(precompile).put("movePrecompileToAddress", destination.toHex());
            return this;
        }

        public StateOverride build() {
            Map<String, Map<String, Object>> copy = new LinkedHashMap<>();
            accounts.forEach((k, v) -> copy.put(k, new LinkedHashMap<>(v)));
            return new StateOverride(copy);
        }

        private Map<String, Object> entry(Address account) {
            return accounts.computeIfAbsent(account.toHex(), k -> new LinkedHashMap<>());
        }
    }
}
