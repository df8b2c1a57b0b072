package sh.brane.client.events;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

import sh.brane.client.BraneClient;
import sh.brane.client.Contract;
import sh.brane.client.Receipt;
import sh.brane.client.SigningClient;
import sh.brane.client.contract.BraneContracts;
import sh.brane.client.contract.Erc20;
import sh.brane.core.abi.Abi;
import sh.brane.core.crypto.PrivateKey;
import sh.brane.core.types.Address;
import sh.brane.devnet.Anvil;
import sh.brane.primitives.Hex;

/** BraneToken deployed on an Anvil, transfers with distinct amounts, and a handler that records what it receives. */
final class StreamFixture {
    final BraneClient client;
    final Erc20 token;
    final Address carol;
    private final PrivateKey key;

    StreamFixture(Anvil anvil, BraneClient client) throws IOException {
        this.client = client;
        this.key = PrivateKey.fromHex(anvil.account(0).privateKey());
        SigningClient alice = new SigningClient(client, key);
        Abi abi = Abi.fromJson(resource("/contracts/BraneToken.abi.json"));
        Address address = Contract.deploy(alice, abi, Hex.decode(resource("/contracts/BraneToken.bin").strip()),
                BigInteger.TEN.pow(24)).address();
        this.token = BraneContracts.bind(Erc20.class, address, alice);
        this.carol = Address.of(anvil.account(2).address());
    }

    /**
     * One transfer of {@code amount}, mined in a block of its own; returns its receipt. A fresh signing client each
     * time: it reads the nonce from the node, which a reverted snapshot moved back.
     */
    Receipt transfer(long amount) {
        Erc20 sender = BraneContracts.bind(Erc20.class, token.contractAddress(), new SigningClient(client, key));
        Receipt r = sender.transferAndWait(carol, BigInteger.valueOf(amount));
        assertThat(r.status()).isTrue();
        return r;
    }

    static String resource(String name) throws IOException {
        try (InputStream in = StreamFixture.class.getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** Records deliveries; {@link #amounts()} lists them as +amount (added) and -amount (removed). */
    static class Recorder implements LogHandler<Erc20.Transfer> {
        final List<StreamedLog<Erc20.Transfer>> seen = new ArrayList<>();

        @Override
        public synchronized void onLog(StreamedLog<Erc20.Transfer> log) {
            seen.add(log);
        }

        synchronized List<Long> amounts() {
            List<Long> out = new ArrayList<>();
            for (StreamedLog<Erc20.Transfer> s : seen) {
                long v = s.event().value().min(BigInteger.valueOf(Long.MAX_VALUE)).longValueExact(); // a mint: MAX
                out.add(s.removed() ? -v : v);
            }
            return out;
        }

        synchronized int size() {
            return seen.size();
        }
    }

    static void await(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for " + what);
            }
            Thread.sleep(10);
        }
    }
}
