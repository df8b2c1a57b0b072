package sh.brane.readme;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import sh.brane.client.Block;
import sh.brane.client.BlockTag;
import sh.brane.client.BraneClient;
import sh.brane.client.Contract;
import sh.brane.client.ContractReceipt;
import sh.brane.client.FeeHistory;
import sh.brane.client.Log;
import sh.brane.client.LogFilter;
import sh.brane.client.Receipt;
import sh.brane.client.RevertException;
import sh.brane.client.SigningClient;
import sh.brane.client.TxRequest;
import sh.brane.core.abi.Abi;
import sh.brane.core.abi.DecodedEvent;
import sh.brane.core.abi.RevertReason;
import sh.brane.core.crypto.PrivateKey;
import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;
import sh.brane.devnet.Anvil;
import sh.brane.devnet.junit.WithAnvil;
import sh.brane.primitives.Hex;
import sh.brane.rpc.BraneProvider;
import sh.brane.rpc.Subscription;
import sh.brane.rpc.WebSocketProvider;

/** The code of the section "Client" in docs/engine.md, kept compiling and passing. */
@WithAnvil
class ClientReadmeExamplesTest {
    static Anvil anvil;

    @Test
    void clientExample() throws IOException {
        PrivateKey alice = PrivateKey.fromHex(anvil.account(0).privateKey());
        Address bob = Address.of(anvil.account(1).address());
        Abi abi = Abi.fromJson(resource("/contracts/BraneTest.abi"));
        byte[] bytecode = Hex.decode(resource("/contracts/BraneTest.bin").strip());
        RevertReason caught = null;

        try (BraneProvider provider = WebSocketProvider.create(anvil.wsUrl());   // or HttpProvider.create(url)
             BraneClient client = new BraneClient(provider)) {
            long chainId = client.chainId();
            BigInteger balance = client.getBalance(alice.address(), BlockTag.LATEST);
            Block block = client.getBlockByNumber(BlockTag.LATEST, true).orElseThrow();   // with full transactions
            FeeHistory fees = client.feeHistory(4, BlockTag.LATEST, 25, 75);

            // send: chain id, nonce, gas limit (estimate + 20%) and EIP-1559 fees are filled in
            SigningClient wallet = new SigningClient(client, alice);
            Receipt paid = wallet.send(TxRequest.builder().to(bob).value(BigInteger.TEN.pow(18)).build());

            // contracts by ABI function name; events decoded from the receipt
            Contract token = Contract.deploy(wallet, abi, bytecode, BigInteger.valueOf(42));
            BigInteger value = (BigInteger) token.callSingle("getValue");
            ContractReceipt set = token.send("setValue", BigInteger.valueOf(7), "hello");
            DecodedEvent changed = set.events("ValueChanged").get(0);                  // oldValue 42, newValue 7

            // reverts carry the decoded reason: Error(string), Panic with its meaning, or the ABI's custom error
            try {
                token.call("failCustom", BigInteger.ONE);
            } catch (RevertException e) {
                RevertReason reason = e.reason();        // CustomError Unauthorized(caller, 1)
                caught = reason;
            }

            // logs with OR-lists and wildcards, by query or by subscription (WebSocket)
            LogFilter filter = LogFilter.builder().address(token.address())
                    .topic(0, abi.event("ValueChanged").topic0())
                    .anyTopic(1)                                        // any caller
                    .topicAnyOf(2, word(42), word(7))                   // old value 42 OR 7
                    .fromBlock(BlockTag.EARLIEST).build();
            List<Log> logs = client.getLogs(filter);
            try (Subscription heads = client.subscribeNewHeads(h -> System.out.println("block " + h.number()))) {
                // callbacks run in order, never on a network I/O thread
                assertThat(heads.isActive()).isTrue();
            }

            assertThat(chainId).isEqualTo(31337);
            assertThat(balance).isPositive();
            assertThat(block.transactions()).hasSameSizeAs(block.transactionHashes());
            assertThat(fees.baseFeePerGas()).isNotEmpty();
            assertThat(paid.status()).isTrue();
            assertThat(value).isEqualTo(42);
            assertThat(changed.get("oldValue")).isEqualTo(BigInteger.valueOf(42));
            assertThat(changed.get("newValue")).isEqualTo(BigInteger.valueOf(7));
            assertThat(caught).isInstanceOfSatisfying(RevertReason.CustomError.class,
                    r -> assertThat(r.arguments()).containsExactly(alice.address(), BigInteger.ONE));
            assertThat(logs).singleElement().isEqualTo(set.receipt().logs().get(0));
        }
    }

    private static Hash word(long v) {
        byte[] w = new byte[32];
        byte[] b = BigInteger.valueOf(v).toByteArray();
        System.arraycopy(b, 0, w, 32 - b.length, b.length);
        return Hash.fromBytes(w);
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = ClientReadmeExamplesTest.class.getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
