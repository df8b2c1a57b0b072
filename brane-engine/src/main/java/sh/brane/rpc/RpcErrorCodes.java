package sh.brane.rpc;

/**
 * The JSON-RPC error codes this library knows by name, and the bounded metric tag for any code.
 *
 * <p>A node chooses its error codes, and a hostile or buggy one can send a different integer with every
 * answer; a meter tagged with the raw code would then grow one timer per code until the registry runs out
 * of memory. {@link #metricTag(int)} keeps the codes of the standards and folds every other one into
 * {@value #OTHER}, so the tag has at most 19 values:
 * <ul>
 * <li>JSON-RPC 2.0: -32700 (parse error), -32600 (invalid request), -32601 (method not found), -32602
 * (invalid params), -32603 (internal error);</li>
 * <li>EIP-1474: -32000 (invalid input), -32001 (resource not found), -32002 (resource unavailable), -32003
 * (transaction rejected), -32004 (method not supported), -32005 (limit exceeded), -32006 (JSON-RPC version
 * not supported);</li>
 * <li>EIP-1193 provider errors: 4001, 4100, 4200, 4900, 4901;</li>
 * <li>3, execution reverted (geth, Anvil, and most nodes since).</li>
 * </ul>
 * The rest of the JSON-RPC server range (-32007 to -32099) has no agreed meaning, so it is {@value #OTHER}
 * too; the exact code stays on the {@link RpcErrorException}.
 */
public final class RpcErrorCodes {

    /** The tag of every code outside the standard sets. */
    public static final String OTHER = "OTHER";

    /** EIP-1474 "limit exceeded": the node's rate limit, retried like HTTP 429 (except submissions). */
    public static final int LIMIT_EXCEEDED = -32005;

    /** Execution reverted. */
    public static final int EXECUTION_REVERTED = 3;

    private static final String HEADER_NOT_FOUND = "header not found";
    /**
     * What a node's -32005 says when it refuses an {@code eth_getLogs} for its size rather than for its rate
     * (Infura: "query returned more than 10000 results"; others: "log response size exceeded", "too many logs").
     */
    private static final String[] LOG_SIZE_REFUSALS = { "more than", "response size", "too many logs",
            "too many results", "exceeds max results", "result set too large" };
    private static final int MAX_SCANNED = 512;

    private RpcErrorCodes() { }

    /** Whether {@code code} belongs to JSON-RPC 2.0, EIP-1474, EIP-1193 or is 3 (execution reverted). */
    public static boolean isStandard(int code) {
        return switch (code) {
            case -32700, -32600, -32601, -32602, -32603,
                 -32000, -32001, -32002, -32003, -32004, -32005, -32006,
                 4001, 4100, 4200, 4900, 4901,
                 EXECUTION_REVERTED -> true;
            default -> false;
        };
    }

    /**
     * Whether an error answer means "not now" rather than "no", so the same call may succeed if asked again a
     * little later: {@value #LIMIT_EXCEEDED} (EIP-1474 limit exceeded), 429 (a rate limiter answering inside an
     * HTTP 200, as several hosted nodes do), or a message saying "header not found" (a node behind a load
     * balancer that has not seen the block its neighbour just served). Providers retry these like HTTP 429,
     * with backoff, except transaction submissions.
     */
    public static boolean isRetryableAnswer(String method, int code, String message) {
        return isRetryableAnswer(code, message) && !isLogQuerySizeRefusal(method, code, message);
    }

    /**
     * Whether {@code code} and {@code message} answer {@code method} = {@code eth_getLogs} with a refusal of the
     * query's size under the rate-limit code -32005 (Infura's "query returned more than 10000 results"): asking
     * the same range again cannot succeed, so it is not retried ({@link #isRetryableAnswer(String, int, String)})
     * and the caller sees it at once to split the range. A rate limit (any other -32005 message) is still retried.
     */
    public static boolean isLogQuerySizeRefusal(String method, int code, String message) {
        if (code != LIMIT_EXCEEDED || message == null || !"eth_getLogs".equals(method)) {
            return false;
        }
        String m = message.length() > MAX_SCANNED ? message.substring(0, MAX_SCANNED) : message;
        for (String phrase : LOG_SIZE_REFUSALS) {
            for (int i = 0, last = m.length() - phrase.length(); i <= last; i++) {
                if (m.regionMatches(true, i, phrase, 0, phrase.length())) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * As {@link #isRetryableAnswer(String, int, String)} without knowing the method: a size refusal of
     * {@code eth_getLogs} counts as retryable here, so providers pass the method.
     */
    public static boolean isRetryableAnswer(int code, String message) {
        if (code == LIMIT_EXCEEDED || code == 429) {
            return true;
        }
        if (message == null) {
            return false;
        }
        // the phrase is near the start of every node's message; a long message is not scanned to its end
        int last = Math.min(message.length(), 4096) - HEADER_NOT_FOUND.length();
        for (int i = 0; i <= last; i++) {
            if (message.regionMatches(true, i, HEADER_NOT_FOUND, 0, HEADER_NOT_FOUND.length())) {
                return true;
            }
        }
        return false;
    }

    /** The code as a metric tag: its decimal form if {@linkplain #isStandard standard}, else {@value #OTHER}. */
    public static String metricTag(int code) {
        return isStandard(code) ? Integer.toString(code) : OTHER;
    }
}
