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
            Map<String, Object> diff = (Map<String, Object>) entry(account)
                    .computeIfAbsent("stateDiff", k -> new LinkedHashMap<String, Object>());
            diff.put(slot.toHex(), value.toHex());
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
