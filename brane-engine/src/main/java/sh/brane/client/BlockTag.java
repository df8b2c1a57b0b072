package sh.brane.client;

/**
 * Which block a read looks at: a named tag ({@link #LATEST}, {@link #PENDING}, {@link #SAFE},
 * {@link #FINALIZED}, {@link #EARLIEST}) or a block number.
 *
 * @param value the JSON-RPC form, e.g. {@code "latest"} or {@code "0x1b4"}
 */
public record BlockTag(String value) {
    public static final BlockTag LATEST = new BlockTag("latest");
    public static final BlockTag PENDING = new BlockTag("pending");
    public static final BlockTag EARLIEST = new BlockTag("earliest");
    public static final BlockTag SAFE = new BlockTag("safe");
    public static final BlockTag FINALIZED = new BlockTag("finalized");

    public BlockTag {
        if (value == null || value.isEmpty()) {
            throw new IllegalArgumentException("block tag must not be empty");
        }
    }

    /** The block with this number. */
    public static BlockTag number(long blockNumber) {
        if (blockNumber < 0) {
            throw new IllegalArgumentException("block number must not be negative, got " + blockNumber);
        }
        return new BlockTag("0x" + Long.toHexString(blockNumber));
    }

    @Override
    public String toString() {
        return value;
    }
}
