package sh.brane.example.web;

import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;
import sh.brane.client.RevertException;
import sh.brane.client.SubmissionUnknownException;
import sh.brane.core.abi.RevertReason;
import sh.brane.example.token.TokenService;
import sh.brane.example.transfer.TransferRejectedException;
import sh.brane.primitives.Hex;
import sh.brane.primitives.InvalidEncodingException;
import sh.brane.rpc.BackpressureException;
import sh.brane.rpc.ConnectionLostException;
import sh.brane.rpc.RateLimitedException;
import sh.brane.rpc.RpcErrorException;
import sh.brane.rpc.RpcTimeoutException;

/**
 * Every error as an RFC 9457 problem detail: 400 for malformed input (saying what is wrong), 404 for what the
 * node does not know, 422 for a transfer that would revert or cannot be paid (with the decoded reason), 502 when
 * the node refuses a read, 503 when the node cannot be reached. Spring's own errors (e.g. malformed JSON) come
 * through the {@link ResponseEntityExceptionHandler} base as problem details too.
 */
@RestControllerAdvice
class ProblemDetails extends ResponseEntityExceptionHandler {
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(ProblemDetails.class);

    private static final String TYPE_BASE = "https://brane.sh/problems/";

    /** The configured endpoint name(s): what a 503 names, never the node's host and port. */
    private final String nodeNames;

    ProblemDetails(org.springframework.beans.factory.ObjectProvider<
            sh.brane.spring.boot.autoconfigure.BraneProperties> properties) {
        sh.brane.spring.boot.autoconfigure.BraneProperties p = properties.getIfAvailable();
        if (p == null) {
            this.nodeNames = "'default'";
        }
        else if (!p.getRpc().getEndpoints().isEmpty()) {
            this.nodeNames = p.getRpc().getEndpoints().stream().map((e) -> "'" + e.getName() + "'")
                    .collect(java.util.stream.Collectors.joining(", "));
        }
        else {
            this.nodeNames = "'" + p.getRpc().getName() + "'";
        }
    }

    @ExceptionHandler({InvalidRequestException.class, InvalidEncodingException.class})
    ProblemDetail malformed(RuntimeException e) {
        return problem(HttpStatus.BAD_REQUEST, "invalid-request", "Invalid request", e.getMessage());
    }

    @ExceptionHandler({NotFoundException.class, TokenService.NoTokenException.class})
    ProblemDetail notFound(RuntimeException e) {
        return problem(HttpStatus.NOT_FOUND, "not-found", "Not found", e.getMessage());
    }

    @ExceptionHandler(TransferRejectedException.class)
    ProblemDetail rejected(TransferRejectedException e) {
        ProblemDetail p = problem(HttpStatus.UNPROCESSABLE_CONTENT, "transfer-rejected",
                "Transfer rejected: " + e.title(), e.getMessage());
        p.setProperty("reason", e.getMessage());
        RevertReason reason = e.reason();
        if (reason != null) {
            p.setProperty("revert", revert(reason));
        }
        return p;
    }

    /** A call (not a transfer) reverted, e.g. a token read on a contract that refuses it. */
    @ExceptionHandler(RevertException.class)
    ProblemDetail reverted(RevertException e) {
        ProblemDetail p = problem(HttpStatus.UNPROCESSABLE_CONTENT, "reverted", "The call reverted",
                e.reason().toString());
        p.setProperty("reason", e.reason().toString());
        p.setProperty("revert", revert(e.reason()));
        return p;
    }

    @ExceptionHandler({ConnectionLostException.class, RpcTimeoutException.class, BackpressureException.class,
            RateLimitedException.class})
    ResponseEntity<ProblemDetail> unavailable(RuntimeException e) {
        // the engine's message names the node's host and port, which are not the API caller's business
        String outcome = (e instanceof sh.brane.rpc.BraneRpcException rpc) ? rpc.outcome().name() : "UNAVAILABLE";
        ProblemDetail p = problem(HttpStatus.SERVICE_UNAVAILABLE, "node-unavailable", "Ethereum node unavailable",
                "The Ethereum node " + this.nodeNames + " cannot serve the request now (" + outcome
                        + "); try again shortly");
        p.setProperty("outcome", outcome);
        return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE).header(HttpHeaders.RETRY_AFTER, "1").body(p);
    }

    /** The heads stream waits for a node unreachable since start-up: 503 as for any call that cannot reach it. */
    @ExceptionHandler(sh.brane.example.heads.HeadsNotReadyException.class)
    ResponseEntity<ProblemDetail> headsNotReady(sh.brane.example.heads.HeadsNotReadyException e) {
        ProblemDetail p = problem(HttpStatus.SERVICE_UNAVAILABLE, "node-unavailable", "Ethereum node unavailable",
                "The new-heads stream is not open yet: the Ethereum node " + this.nodeNames
                        + " has been unreachable since start-up; try again shortly");
        p.setProperty("outcome", "CONNECTION_LOST");
        return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE).header(HttpHeaders.RETRY_AFTER, "1").body(p);
    }

    /**
     * The node is not the chain the service signs for: another chain id, or the same chain id with another genesis
     * block than the journal's (a reset dev node, a node replaced by another network). Nothing was signed or sent, and
     * nothing will be until an operator points the service at the right node or a fresh journal: a 500 with
     * {@code retryable: false}, not a 503, so that no client retries into it. The hashes stay in the log, as the
     * node's address does.
     */
    @ExceptionHandler(sh.brane.client.tx.ChainIdentityException.class)
    ResponseEntity<ProblemDetail> nodeOnAnotherChain(sh.brane.client.tx.ChainIdentityException e) {
        LOG.error("transfer refused: {}", e.getMessage()); // the operator's fix, with both chain ids or genesis hashes
        ProblemDetail p = (e instanceof sh.brane.client.tx.ChainIdMismatchException mismatch)
                ? problem(HttpStatus.INTERNAL_SERVER_ERROR, "chain-id-mismatch",
                        "The Ethereum node is on another chain",
                        "The service's Ethereum node reports chain id " + mismatch.actual() + ", but the service signs"
                                + " for chain id " + mismatch.pinned() + " only; nothing was signed or sent. An"
                                + " operator must point the service at its chain's node")
                : problem(HttpStatus.INTERNAL_SERVER_ERROR, "journal-chain-mismatch",
                        "The transaction journal belongs to another chain",
                        "The service's transaction journal was written on another chain than its Ethereum node's (same"
                                + " chain id " + e.pinnedChainId() + ", another genesis block); nothing was signed or"
                                + " sent. An operator must point the service at its chain's node, or at a fresh journal");
        p.setProperty("retryable", false);
        return ResponseEntity.status(HttpStatus.INTERNAL_SERVER_ERROR).body(p);
    }

    /**
     * Sent, but the node's answer was lost: 503 with the hash and the lookup that knows it (the journal answers for
     * it, whatever the node says), so the caller looks it up, or retries with the same Idempotency-Key, instead of
     * paying twice.
     */
    @ExceptionHandler(SubmissionUnknownException.class)
    ResponseEntity<ProblemDetail> fateUnknown(SubmissionUnknownException e, WebRequest request) {
        String key = request.getHeader("Idempotency-Key");
        ProblemDetail p = problem(HttpStatus.SERVICE_UNAVAILABLE, "submission-unknown",
                "The transfer may or may not have reached the node",
                "The transfer " + e.hash().toHex() + " is signed and journalled, and the service keeps sending it until"
                        + " the node has it; its answer was lost this time. Do not pay again: look it up at "
                        + "/api/transfers/" + e.hash().toHex() + (key != null
                                ? ", or send the same request with the same Idempotency-Key (answered with this transfer)"
                                : "; send payments with an Idempotency-Key header to retry them safely"));
        p.setProperty("hash", e.hash().toHex());
        p.setProperty("nonce", e.nonce());
        p.setProperty("status", "/api/transfers/" + e.hash().toHex());
        if (key != null) {
            p.setProperty("idempotencyKey", key);
        }
        return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE).header(HttpHeaders.RETRY_AFTER, "1").body(p);
    }

    /** A caller bug: one Idempotency-Key, two different payments. The first stands; nothing was signed for this one. */
    @ExceptionHandler(sh.brane.client.tx.IdempotencyKeyConflictException.class)
    ProblemDetail keyReused(sh.brane.client.tx.IdempotencyKeyConflictException e) {
        ProblemDetail p = problem(HttpStatus.UNPROCESSABLE_CONTENT, "idempotency-key-reused",
                "Idempotency-Key already used for another transfer", "Idempotency-Key '" + e.key().value()
                        + "' was used for transfer " + e.journalled().toHex() + " with another recipient, amount or"
                        + " token; nothing was sent for this request. Send a different payment under a new key");
        p.setProperty("hash", e.journalled().toHex());
        return p;
    }

    /**
     * The database (the transaction journal) cannot be reached: nothing was signed or sent. 503 as a problem detail,
     * never Spring's generic 500; the driver's message (host, user) stays in the log.
     */
    @ExceptionHandler({sh.brane.client.tx.JournalUnavailableException.class,
            org.springframework.dao.DataAccessException.class, java.sql.SQLException.class})
    ResponseEntity<ProblemDetail> databaseDown(Exception e) {
        LOG.warn("the transaction journal's database failed: {}", e.toString());
        ProblemDetail p = problem(HttpStatus.SERVICE_UNAVAILABLE, "journal-unavailable",
                "The transaction journal is unavailable", "The service's database cannot be reached now; nothing was"
                        + " signed or sent. Try again shortly");
        return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE).header(HttpHeaders.RETRY_AFTER, "5").body(p);
    }

    /** Anything else: a problem detail without the internal message (it is logged). */
    @ExceptionHandler(Exception.class)
    ProblemDetail unexpected(Exception e) {
        LOG.error("request failed", e);
        return problem(HttpStatus.INTERNAL_SERVER_ERROR, "internal-error", "Internal error",
                "The service failed to handle the request; the failure is logged");
    }

    @ExceptionHandler(RpcErrorException.class)
    ProblemDetail nodeError(RpcErrorException e) {
        ProblemDetail p = problem(HttpStatus.BAD_GATEWAY, "node-error", "The node refused the request",
                e.method() + " failed: " + e.rpcMessage());
        p.setProperty("rpcCode", e.code());
        return p;
    }

    @ExceptionHandler(UnsupportedOperationException.class)
    ProblemDetail unsupported(UnsupportedOperationException e) {
        return problem(HttpStatus.NOT_IMPLEMENTED, "not-supported", "Not supported by this connection",
                e.getMessage());
    }

    /** A body that is not JSON, or JSON of the wrong shape: say so rather than Spring's bare "Failed to read request". */
    @Override
    protected ResponseEntity<Object> handleHttpMessageNotReadable(HttpMessageNotReadableException ex,
            HttpHeaders headers, HttpStatusCode status, WebRequest request) {
        String cause = ex.getMostSpecificCause().getMessage();
        cause = cause == null ? "" : cause.lines().findFirst().orElse("");
        if (cause.length() > 200) {
            cause = cause.substring(0, 200) + "...";
        }
        ProblemDetail body = problem(HttpStatus.BAD_REQUEST, "invalid-request", "Invalid request",
                "the request body is not valid JSON of the expected shape"
                        + " ({\"to\": \"0x...\", \"amount\": \"1.5\", \"token\": \"0x... or ETH\"}): " + cause);
        return handleExceptionInternal(ex, body, headers, HttpStatus.BAD_REQUEST, request);
    }

    private static Map<String, Object> revert(RevertReason reason) {
        Map<String, Object> out = new LinkedHashMap<>();
        switch (reason) {
            case RevertReason.ErrorMessage m -> {
                out.put("kind", "Error");
                out.put("message", m.message());
            }
            case RevertReason.Panic p -> {
                out.put("kind", "Panic");
                out.put("code", p.code());
                out.put("description", p.description());
            }
            case RevertReason.CustomError c -> {
                out.put("kind", "CustomError");
                out.put("name", c.error().name());
                Map<String, Object> args = new LinkedHashMap<>();
                for (int i = 0; i < c.arguments().size(); i++) {
                    args.put(c.error().inputs().get(i).name(), PlainValues.plain(c.arguments().get(i)));
                }
                out.put("args", args);
            }
            case RevertReason.Empty ignored -> out.put("kind", "Empty");
            case RevertReason.Unknown u -> out.put("kind", "Unknown");
        }
        out.put("data", Hex.encode(reason.data()));
        return out;
    }

    private static ProblemDetail problem(HttpStatus status, String type, String title, String detail) {
        ProblemDetail p = ProblemDetail.forStatusAndDetail(status, detail);
        p.setType(URI.create(TYPE_BASE + type));
        p.setTitle(title);
        return p;
    }
}
