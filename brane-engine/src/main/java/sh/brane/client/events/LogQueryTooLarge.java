package sh.brane.client.events;

import java.util.Locale;

import sh.brane.rpc.RpcErrorException;

/**
 * Recognises a node's refusal of an {@code eth_getLogs} range as too large, so that the range is split in half and
 * asked again. Nodes say it in their own words; these are the forms of Geth, Erigon, Reth, Besu, Nethermind, Anvil
 * and hosted providers (Infura, Alchemy, QuickNode, Ankr, BlastAPI):
 * <ul>
 * <li>{@link Kind#TOO_MANY_RESULTS}: "query returned more than 10000 results" (-32005), "Log response size
 * exceeded" (-32602), "response size exceeded", "query exceeds max results", "too many logs";</li>
 * <li>{@link Kind#RANGE_TOO_LARGE}: "block range is too wide", "exceed maximum block range: 5000", "eth_getLogs is
 * limited to a 10,000 range", "block range too large", "range too large", "too many blocks".</li>
 * </ul>
 */
public final class LogQueryTooLarge {

    /** Which limit the node reported. */
    public enum Kind {
        /** The range holds more logs (or bytes) than the node returns in one answer. */
        TOO_MANY_RESULTS,
        /** The node caps the number of blocks one query may span. */
        RANGE_TOO_LARGE
    }

    private static final String[] TOO_MANY = { "more than", "response size", "exceeds max results",
            "too many logs", "too many results", "result set too large", "limit exceeded" };
    private static final String[] TOO_WIDE = { "range is too wide", "block range", "range too large",
            "too many blocks", "limited to a", "range limit", "range exceeds", "max range" };
    /** Only the start of a node's message is searched: bounded work per error. */
    private static final int MAX_SCANNED = 512;

    private LogQueryTooLarge() {
    }

    /** Which limit {@code error} reports, or null if it is some other error. */
    public static Kind classify(RpcErrorException error) {
        String m = error.rpcMessage();
        if (m == null) {
            return null;
        }
        String lower = (m.length() > MAX_SCANNED ? m.substring(0, MAX_SCANNED) : m).toLowerCase(Locale.ROOT);
        for (String p : TOO_WIDE) {
            if (lower.contains(p)) {
                return Kind.RANGE_TOO_LARGE;
            }
        }
        for (String p : TOO_MANY) {
            if (lower.contains(p)) {
                return Kind.TOO_MANY_RESULTS;
            }
        }
        return null;
    }
}
