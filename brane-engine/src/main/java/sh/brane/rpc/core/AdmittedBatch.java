package sh.brane.rpc.core;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

import tools.jackson.databind.JsonNode;

import sh.brane.rpc.RpcCall;

/**
 * The first step of {@code sendBatch} on every transport: each call registered, the admitted ones (to send, in
 * {@code accepted} and {@code acceptedCalls}) kept apart from the refused (already failed); one future per call.
 */
public record AdmittedBatch(List<CompletableFuture<JsonNode>> futures, List<PendingRequest> accepted,
        List<RpcCall> acceptedCalls) {

    /** Registers each call of a batch with {@code register} (its request, admitted or already failed); a null batch,
     *  or a call whose params cannot be written, is rejected before any call of it is registered. */
    public static AdmittedBatch register(List<RpcCall> calls, Function<String, PendingRequest> register) {
        Objects.requireNonNull(calls, "calls");
        for (RpcCall c : calls) {
            JsonRpcWriter.checkParams(c.params());
        }
        List<CompletableFuture<JsonNode>> futures = new ArrayList<>(calls.size());
        List<PendingRequest> accepted = new ArrayList<>(calls.size());
        List<RpcCall> acceptedCalls = new ArrayList<>(calls.size());
        for (int i = 0, n = calls.size(); i < n; i++) {
            RpcCall c = calls.get(i);
            PendingRequest r = register.apply(c.method());
            futures.add(r.future());
            if (!r.future().isDone()) {
                accepted.add(r);
                acceptedCalls.add(c);
            }
        }
        return new AdmittedBatch(futures, accepted, acceptedCalls);
    }
}
