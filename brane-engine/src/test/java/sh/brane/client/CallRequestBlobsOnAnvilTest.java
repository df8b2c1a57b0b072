package sh.brane.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;
import sh.brane.devnet.Anvil;
import sh.brane.primitives.Hex;
import sh.brane.rpc.HttpProvider;

/**
 * The blob fields of {@link CallRequest} reach the EVM: a contract on a real Anvil in Cancun mode returns
 * {@code BLOBHASH(i)} for the index in its call data and reverts when that is zero (no such blob), so each of
 * {@code eth_call}, {@code eth_estimateGas}, {@code eth_createAccessList} and {@code eth_simulateV1} shows whether the
 * node saw the versioned hashes the request carried.
 */
class CallRequestBlobsOnAnvilTest {
    /**
     * {@code h = blobhash(calldataload(0)); if (h == 0) revert(0, 0); mstore(0, h); return(0, 32)}:
     * PUSH1 0, CALLDATALOAD, BLOBHASH, DUP1, PUSH1 0x0c, JUMPI, PUSH1 0, DUP1, REVERT, JUMPDEST, PUSH1 0, MSTORE,
     * PUSH1 32, PUSH1 0, RETURN.
     */
    private static final String BLOBHASH_READER = "0x6000354980600c57600080fd5b60005260206000f3";
    private static final Address READER = Address.of("0x" + "b1".repeat(20));
    private static final Hash FIRST = Hash.of("0x01" + "11".repeat(31));
    private static final Hash SECOND = Hash.of("0x01" + "22".repeat(31));

    private static Anvil anvil;
    private static HttpProvider provider;
    private static BraneClient client;

    @BeforeAll
    static void start() {
        anvil = Anvil.builder().hardfork("cancun").accounts(1).start();
        provider = HttpProvider.create(anvil.httpUrl());
        client = new BraneClient(provider, Duration.ofMillis(20));
        provider.send("anvil_setCode", List.of(READER.toHex(), BLOBHASH_READER));
    }

    @AfterAll
    static void stop() {
        if (client != null) {
            client.close();
        }
        if (provider != null) {
            provider.close();
        }
        if (anvil != null) {
            anvil.close();
        }
    }

    private static CallRequest readBlobHash(int index) {
        byte[] data = new byte[32];
        data[31] = (byte) index;
        return CallRequest.to(READER, data).withFrom(Address.of(anvil.account(0).address()));
    }

    private static CallRequest withBlobs(CallRequest request) {
        return request.withType(3).withFees(BigInteger.valueOf(10_000_000_000L), BigInteger.ONE)
                .withBlobs(BigInteger.TEN, List.of(FIRST, SECOND));
    }

    @Test
    void theRequestSaysWhatABlobTransactionSays() {
        Map<String, Object> json = withBlobs(readBlobHash(1)).toJson();
        assertThat(json).containsEntry("type", "0x3").containsEntry("maxFeePerBlobGas", "0xa")
                .containsEntry("blobVersionedHashes", List.of(FIRST.toHex(), SECOND.toHex()))
                .containsEntry("input", json.get("data"));
    }

    @Test
    void aCallSeesTheVersionedHashesItCarries() {
        assertThat(client.call(withBlobs(readBlobHash(0)), BlockTag.LATEST)).isEqualTo(FIRST.toBytes());
        assertThat(client.call(withBlobs(readBlobHash(1)), BlockTag.LATEST)).isEqualTo(SECOND.toBytes());
        assertThatThrownBy(() -> client.call(readBlobHash(0), BlockTag.LATEST))
                .as("without blobs BLOBHASH(0) is zero and the reader reverts").isInstanceOf(RevertException.class);
        assertThatThrownBy(() -> client.call(withBlobs(readBlobHash(2)), BlockTag.LATEST))
                .as("two blobs: there is no third").isInstanceOf(RevertException.class);
        assertThat(client.async().call(withBlobs(readBlobHash(1)), BlockTag.LATEST).join())
                .isEqualTo(SECOND.toBytes());
    }

    @Test
    void anEstimateAndAnAccessListAreOfTheBlobTransaction() {
        assertThat(client.estimateGas(withBlobs(readBlobHash(1)))).isGreaterThan(21_000);
        assertThatThrownBy(() -> client.estimateGas(readBlobHash(1))).isInstanceOf(RevertException.class);

        AccessListResult list = client.createAccessList(withBlobs(readBlobHash(0)), BlockTag.LATEST);
        assertThat(list.error()).isNull();
        assertThat(list.gasUsed()).isGreaterThan(21_000);
        // Anvil answers a reverting access-list call with an error (geth puts it in the result's error field)
        assertThatThrownBy(() -> client.createAccessList(readBlobHash(0), BlockTag.LATEST))
                .as("reverted without blobs").hasMessageContaining("execution reverted");
    }

    @Test
    void aSimulatedCallSeesTheVersionedHashes() {
        List<SimulatedBlock> blocks = client.simulate(Simulation.builder()
                .block(List.of(withBlobs(readBlobHash(1)), readBlobHash(0))).build(), BlockTag.LATEST);
        List<SimulatedCall> calls = blocks.get(0).calls();
        assertThat(calls.get(0).success()).isTrue();
        assertThat(Hex.encode(calls.get(0).returnData())).isEqualTo(SECOND.toHex());
        assertThat(calls.get(1).success()).as("the second call carries no blobs").isFalse();
    }
}
