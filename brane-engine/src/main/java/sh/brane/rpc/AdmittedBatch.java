package sh.brane.rpc;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

import tools.jackson.databind.JsonNode;

/**
 * The first step of {@code sendBatch}, the same for every transport: checks the calls, registers
 * each one and keeps apart those that were admitted (and must now be sent) from those already
 * refused (their futures are already failed).
 *
 * @param futures one future per call, in the order of the calls
 * @param accepted the admitted requests
 * @param acceptedCalls the calls of {@code accepted}, in the same order
 */
record AdmittedBatch(List<CompletableFuture<JsonNode>> futures, List<PendingRequest> accepted,
        List<RpcCall> acceptedCalls) {

    static AdmittedBatch register(List<RpcCall> calls, Function<String, PendingRequest> register) {
        Objects.requireNonNull(calls, "calls");
        for (RpcCall c : calls) {
            JsonRpcWriter.checkParams(c.params());
        }
        List<CompletableFuture<JsonNode>> futures = new ArrayList<>(calls.size());
        List<PendingRequest> accepted = new ArrayList<>(calls.size());
        List<RpcCall> acceptedCalls = new ArrayList<>(calls.size());
        for (RpcCall c : calls) {
            PendingRequest r = register.apply(c.method());
            futures.add(r.future);
            if (!r.future.isDone()) {
                accepted.add(r);
                acceptedCalls.add(c);
            }
        }
        return new AdmittedBatch(futures, accepted, acceptedCalls);
    }
}
