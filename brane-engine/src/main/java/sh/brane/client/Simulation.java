package sh.brane.client;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The request of {@code eth_simulateV1}: blocks of calls run one after another on top of a block, each block with its
 * own state and block overrides; every call sees the state the calls before it left.
 *
 * <pre>{@code
 * Simulation s = Simulation.builder()
 *         .block(List.of(approve, swap))                      // one block, two calls
 *         .block(List.of(claim), null, BlockOverride.builder().time(later).build())
 *         .traceTransfers(true)                               // ETH transfers appear as logs
 *         .returnFullTransactions(true)                       // each block's transactions as objects
 *         .build();
 * List<SimulatedBlock> blocks = client.simulate(s, BlockTag.LATEST);
 * }</pre>
 */
public final class Simulation {
    private final List<Map<String, Object>> blocks;
    private final boolean validation;
    private final boolean traceTransfers;
    private final boolean returnFullTransactions;

    private Simulation(List<Map<String, Object>> blocks, boolean validation, boolean traceTransfers,
                       boolean returnFullTransactions) {
        this.blocks = blocks;
        this.validation = validation;
        this.traceTransfers = traceTransfers;
        this.returnFullTransactions = returnFullTransactions;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The first parameter of {@code eth_simulateV1}. */
    public Map<String, Object> toJson() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("blockStateCalls", blocks);
        m.put("validation", validation);
        m.put("traceTransfers", traceTransfers);
        m.put("returnFullTransactions", returnFullTransactions);
        return m;
    }

    @Override
    public String toString() {
        return "Simulation[" + blocks.size() + " blocks, validation=" + validation + ", traceTransfers="
                + traceTransfers + ", returnFullTransactions=" + returnFullTransactions + "]";
    }

    /** Collects the blocks and the options. */
    public static final class Builder {
        private final List<Map<String, Object>> blocks = new ArrayList<>();
        private boolean validation;
        private boolean traceTransfers;
        private boolean returnFullTransactions;

        private Builder() {
        }

        /** A block of {@code calls} without overrides. */
        public Builder block(List<CallRequest> calls) {
            return block(calls, null, null);
        }

        /** A block of {@code calls} with state and block overrides (each may be null). */
        public Builder block(List<CallRequest> calls, StateOverride state, BlockOverride block) {
            Map<String, Object> b = new LinkedHashMap<>();
            if (block != null) {
                b.put("blockOverrides", block.toJson());
            }
            if (state != null) {
                b.put("stateOverrides", state.toJson());
            }
            List<Map<String, Object>> txs = new ArrayList<>(calls.size());
            for (CallRequest c : calls) {
                txs.add(c.toJson());
            }
            b.put("calls", txs);
            blocks.add(b);
            return this;
        }

        /**
         * Checks the calls as a block producer would (nonces, balances for fees, base fee) instead of as
         * {@code eth_call} does; off by default.
         */
        public Builder validation(boolean on) {
            this.validation = on;
            return this;
        }

        /** Reports ETH transfers as logs of the ERC-7528 address {@code 0xeeee...eeee}; off by default. */
        public Builder traceTransfers(boolean on) {
            this.traceTransfers = on;
            return this;
        }

        /**
         * Each simulated block's {@link Block#transactions()} as full transaction objects (the calls as the node
         * filled them in: sender, nonce, gas, fees, type), not only their hashes; off by default.
         */
        public Builder returnFullTransactions(boolean on) {
            this.returnFullTransactions = on;
            return this;
        }

        public Simulation build() {
            if (blocks.isEmpty()) {
                throw new IllegalArgumentException("a simulation needs at least one block of calls");
            }
            return new Simulation(List.copyOf(blocks), validation, traceTransfers, returnFullTransactions);
        }
    }
}
