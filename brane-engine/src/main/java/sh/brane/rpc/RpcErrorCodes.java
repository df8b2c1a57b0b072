package sh.brane.rpc;

/**
 * The JSON-RPC error codes this library knows by name, and the bounded metric tag for any code. A node chooses its
 * codes, and a hostile one could send a new integer each time and grow one timer per code; {@link #metricTag(int)}
 * keeps the codes of JSON-RPC 2.0, EIP-1474, EIP-1193 and 3 (execution reverted) and folds every other one into
 * {@value #OTHER}. The exact code stays on the {@link RpcErrorException}.
 */
public final class RpcErrorCodes {

    /** The tag of every code outside the standard sets. */
    public static final String OTHER = "OTHER";

    /** EIP-1474 "limit exceeded": the node's rate limit, retried like HTTP 429 (except submissions). */
    public static final int LIMIT_EXCEEDED = -32005;

    /** Execution reverted. */
    public static final int EXECUTION_REVERTED = 3;

    private static final String HEADER_NOT_FOUND = "header not found";
    /** What -32005 says when it refuses an {@code eth_getLogs} for its size rather than its rate. */
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
     * Whether an error answer means "not now": {@value #LIMIT_EXCEEDED}, 429 (a rate limiter inside an HTTP 200), or
     * "header not found" (a load-balanced node behind its neighbour). Providers retry these with backoff, except
     * transaction submissions.
     */
    public static boolean isRetryableAnswer(String method, int code, String message) {
        return isRetryableAnswer(code, message) && !isLogQuerySizeRefusal(method, code, message);
    }

    /** Whether a -32005 answer to {@code eth_getLogs} refuses the query's size (Infura's "more than 10000 results"):
     *  asking again cannot succeed, so it is not retried and the caller can split the range at once. */
    public static boolean isLogQuerySizeRefusal(String method, int code, String message) {
        if (code != LIMIT_EXCEEDED || message == null || !"eth_getLogs".equals(method)) {
            return false;
        }
        for (String phrase : LOG_SIZE_REFUSALS) {
            if (containsNearStart(message, phrase, MAX_SCANNED)) {
                return true;
            }
        }
        return false;
    }

    /** Whether {@code phrase} is in {@code text} (any case) within its first {@code scanned} characters. */
    private static boolean containsNearStart(String text, String phrase, int scanned) {
        for (int i = 0, last = Math.min(text.length(), scanned) - phrase.length(); i <= last; i++) {
            if (text.regionMatches(true, i, phrase, 0, phrase.length())) {
                return true;
            }
        }
        return false;
    }

    /** As {@link #isRetryableAnswer(String, int, String)} without the method, so an {@code eth_getLogs} size refusal
     *  counts as retryable; providers pass the method. */
    public static boolean isRetryableAnswer(int code, String message) {
        if (code == LIMIT_EXCEEDED || code == 429) {
            return true;
        }
        // the phrase is near the start of every node's message; a long message is not scanned to its end
        return message != null && containsNearStart(message, HEADER_NOT_FOUND, 4096);
    }

    /** The code as a metric tag: its decimal form if {@linkplain #isStandard standard}, else {@value #OTHER}. */
    public static String metricTag(int code) {
        return isStandard(code) ? Integer.toString(code) : OTHER;
    }
}
