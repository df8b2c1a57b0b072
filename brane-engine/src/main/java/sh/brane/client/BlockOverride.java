package sh.brane.client;

import java.math.BigInteger;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;

/**
 * Block overrides for {@code eth_call} (its fourth parameter in geth and Anvil) and {@code eth_simulateV1}: run the
 * call as if in a block with another number, time, gas limit, fee recipient, randomness or base fees.
 *
 * <pre>{@code
 * BlockOverride b = BlockOverride.builder().time(nextWeek).baseFeePerGas(BigInteger.ZERO).build();
 * }</pre>
 */
public final class BlockOverride {
    private final Map<String, Object> fields;

    private BlockOverride(Map<String, Object> fields) {
        this.fields = fields;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The JSON-RPC object. */
    public Map<String, Object> toJson() {
        return Collections.unmodifiableMap(fields);
    }

    @Override
    public String toString() {
        return "BlockOverride" + fields;
    }

    /** Collects the overridden fields. */
    public static final class Builder {
        private final Map<String, Object> fields = new LinkedHashMap<>();

        private Builder() {
        }

        public Builder number(long number) {
            fields.put("number", Quantities.hex(number));
            return this;
        }

        /** The block's timestamp, in seconds. */
        public Builder time(long seconds) {
            fields.put("time", Quantities.hex(seconds));
            return this;
        }

        public Builder gasLimit(long gasLimit) {
            fields.put("gasLimit", Quantities.hex(gasLimit));
            return this;
        }

        /** The block's fee recipient ({@code block.coinbase}). */
        public Builder feeRecipient(Address recipient) {
            fields.put("feeRecipient", recipient.toHex());
            return this;
        }

        /** The randomness {@code block.prevrandao} reads. */
        public Builder prevRandao(Hash randao) {
            fields.put("prevRandao", randao.toHex());
            return this;
        }

        public Builder baseFeePerGas(BigInteger wei) {
            fields.put("baseFeePerGas", Quantities.hex(wei));
            return this;
        }

        public Builder blobBaseFee(BigInteger wei) {
            fields.put("blobBaseFee", Quantities.hex(wei));
            return this;
        }

        /** The validator withdrawals the block pays out (EIP-4895; at most 16, as in a real block). */
        public Builder withdrawals(java.util.List<Withdrawal> withdrawals) {
            if (withdrawals.size() > 16) {
                throw new IllegalArgumentException("a block has at most 16 withdrawals, got " + withdrawals.size());
            }
            java.util.List<Map<String, Object>> out = new java.util.ArrayList<>(withdrawals.size());
            for (Withdrawal w : withdrawals) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("index", Quantities.hex(w.index()));
                m.put("validatorIndex", Quantities.hex(w.validatorIndex()));
                m.put("address", w.address().toHex());
                m.put("amount", Quantities.hex(w.amount()));
                out.add(m);
            }
            fields.put("withdrawals", java.util.List.copyOf(out));
            return this;
        }

        public BlockOverride build() {
            return new BlockOverride(new LinkedHashMap<>(fields));
        }
    }
}
