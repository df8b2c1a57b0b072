package sh.brane.reliability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import sh.brane.client.BlockTag;
import sh.brane.client.BraneClient;
import sh.brane.client.Receipt;
import sh.brane.client.SigningClient;
import sh.brane.client.TxRequest;
import sh.brane.core.crypto.PrivateKey;
import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;
import sh.brane.client.SubmissionUnknownException;
import sh.brane.rpc.ConnectionLostException;
import sh.brane.rpc.WebSocketProvider;

/**
 * The node takes a transaction but its answer is lost with the connection: the send fails with
 * {@link SubmissionUnknownException} (carrying the hash, caused by a {@link ConnectionLostException}) although the
 * transfer is mined. The signing client must not lose track of
 * the nonce (no gap, no reuse), must not send the transaction again by itself, and the next send must work.
 */
class LostSendAnswerTest extends FaultScenarioSupport {

    /** What a node answers to eth_sendRawTransaction: a bare 32-byte hash. */
    private static final Pattern HASH_ANSWER = Pattern.compile(
            "\\{\"jsonrpc\":\"2\\.0\",\"id\":\\d+,\"result\":\"0x[0-9a-f]{64}\"}");

    @Test
    void aTransferWhoseAnswerIsLostIsMinedOnceAndTheNonceStaysInStep() throws Exception {
        proxy = FaultProxy.webSocketFrames(anvil.port());
        AtomicInteger rawOnWire = new AtomicInteger();
        proxy.onClientText(t -> {
            if (t.contains("eth_sendRawTransaction")) {
                rawOnWire.incrementAndGet();
            }
        });
        WebSocketProvider p = webSocket("lostanswer", proxy.wsUrl());
        BraneClient client = new BraneClient(p);
        PrivateKey key = PrivateKey.fromHex(anvil.account(3).privateKey());
        Address from = key.address();
        SigningClient signer = new SigningClient(client, key);
        Address to = Address.of(anvil.account(4).address());
        long startNonce = client.getTransactionCount(from, BlockTag.LATEST);

        proxy.cutInsteadOfForwarding(text -> HASH_ANSWER.matcher(text).matches());
        Throwable lost = catchThrowable(() -> signer.submit(TxRequest.builder().to(to).value(1).build()));
        System.out.println("    the failed submit: " + lost);
        assertThat(lost).isInstanceOf(SubmissionUnknownException.class)
                .hasCauseInstanceOf(ConnectionLostException.class)
                .hasMessageContaining("may or may not have reached the node");
        Hash lostHash = ((SubmissionUnknownException) lost).hash();
        assertThat(((SubmissionUnknownException) lost).nonce()).isEqualTo(startNonce);
        awaitConnected(p, Duration.ofSeconds(10));
        assertThat(rawOnWire.get()).as("the transaction crossed the wire once").isEqualTo(1);
        // the node did take it: it is mined although the caller got an error (Anvil answers a submission once it is in
        // its pool and mines it just after, so a read at once may come before the block: wait for it, boundedly)
        awaitCount("mined", () -> client.getTransactionCount(from, BlockTag.LATEST) == startNonce + 1);
        // and the caller can find it by the hash the exception carries
        assertThat(client.getTransactionByHash(lostHash).orElseThrow().nonce()).isEqualTo(startNonce);

        // the next transfer gets the next nonce (no reuse of the lost one, no gap) and succeeds
        Hash next = signer.submit(TxRequest.builder().to(to).value(2).build());
        Receipt receipt = client.waitForReceipt(next, Duration.ofSeconds(10));
        assertThat(receipt.status()).isTrue();
        assertThat(client.getTransactionByHash(next).orElseThrow().nonce()).isEqualTo(startNonce + 1);
        assertThat(client.getTransactionCount(from, BlockTag.LATEST)).isEqualTo(startNonce + 2);
        assertThat(rawOnWire.get()).as("nothing was sent again automatically").isEqualTo(2);
        assertPendingDrains(p);
        closeAndAssertClean(p);
    }
}
