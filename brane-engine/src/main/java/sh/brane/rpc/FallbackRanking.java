package sh.brane.rpc;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionException;

import tools.jackson.databind.JsonNode;

import sh.brane.rpc.core.RequestLifecycle;

/** The endpoints of a {@link FallbackProvider} and the rules ordering them; shared by both failovers and the prober. */
final class FallbackRanking {
    final List<FallbackEndpoint> endpoints;
    final int failureThreshold;
    /** The chain every endpoint must report before it takes a submission or returns to rotation; null: any. */
    private final Long expectedChainId;

    FallbackRanking(List<BraneProvider> providers, int failureThreshold, Long expectedChainId) {
        this.endpoints = new ArrayList<>();
        for (BraneProvider p : providers) {
            endpoints.add(new FallbackEndpoint(p));
        }
        this.failureThreshold = failureThreshold;
        this.expectedChainId = expectedChainId;
    }

    /** The healthiest untried endpoint that has answered; else the first untried in rotation; else the first untried. */
    FallbackEndpoint pick(List<FallbackEndpoint> tried) {
        FallbackEndpoint best = null;
        FallbackEndpoint unproven = null;
        FallbackEndpoint fallback = null;
        for (FallbackEndpoint e : endpoints) {
            if (tried != null && tried.contains(e)) {
                continue;
            }
            if (fallback == null) {
                fallback = e;
            }
            if (e.down) {
                continue;
            }
            if (!e.proven) {
                if (unproven == null) {
                    unproven = e;
                }
            } else if (best == null || e.score() < best.score()) {
                best = e;
            }
        }
        return best != null ? best : unproven != null ? unproven : fallback != null ? fallback : endpoints.get(0);
    }

    /** Whether a submission to {@code e} must wait for a probe: {@code e} has not answered yet, unless it is the first
     *  endpoint added and none has answered (a probe would cost every first submission a round trip). */
    boolean needsProbe(FallbackEndpoint e, String method) {
        if (e.proven || !RequestLifecycle.notRepeatable(method)) {
            return false;
        }
        return e != endpoints.get(0) || endpoints.stream().anyMatch(other -> other.proven);
    }

    /** What a probe's outcome means for the submission waiting on it: null if it may go, else the reason. */
    Throwable probeVerdict(FallbackEndpoint e, JsonNode ok, Throwable cause, long t0) {
        if (answered(e, ok, cause)) {
            e.success(System.nanoTime() - t0);
            return null;
        }
        if (cause == null) {
            return new InvalidResponseException("reports another chain than the expected " + expectedChainId);
        }
        if (isTransportFailure(cause)) {
            e.failure(failureThreshold);
        }
        return cause;
    }

    /** A probe of {@code e} by the prober ended: an answer brings it (back) into rotation. */
    void probed(FallbackEndpoint e, JsonNode ok, Throwable cause, long t0) {
        if (answered(e, ok, cause)) {
            e.revive(System.nanoTime() - t0);
        } else if (!e.down && isTransportFailure(cause)) {
            e.failure(failureThreshold);
        }
    }

    /** Whether an {@code eth_chainId} probe's outcome shows {@code e} alive (an RPC error counts if no chain is set). */
    private boolean answered(FallbackEndpoint e, JsonNode ok, Throwable cause) {
        return cause == null ? onExpectedChain(e, ok) : cause instanceof RpcErrorException && expectedChainId == null;
    }

    /** Whether {@code chainIdAnswer} is the expected chain; if not, {@code e} stays out of rotation. */
    private boolean onExpectedChain(FallbackEndpoint e, JsonNode chainIdAnswer) {
        if (expectedChainId == null) {
            return true;
        }
        String hex = chainIdAnswer == null || !chainIdAnswer.isString() ? null : chainIdAnswer.asString();
        if (hex != null && hex.startsWith("0x") && hex.length() > 2 && hex.length() <= 18) {
            try {
                if (Long.parseUnsignedLong(hex.substring(2), 16) == expectedChainId) {
                    return true;
                }
            } catch (NumberFormatException notAChainId) {
                // falls through to the wrong-chain verdict
            }
        }
        e.wrongChain(NodeText.of(String.valueOf(chainIdAnswer)), expectedChainId);
        return false;
    }

    static boolean isTransportFailure(Throwable t) {
        return t instanceof BraneRpcException && !(t instanceof RpcErrorException);
    }

    static Throwable unwrap(Throwable t) {
        return t instanceof CompletionException && t.getCause() != null ? t.getCause() : t;
    }
}
