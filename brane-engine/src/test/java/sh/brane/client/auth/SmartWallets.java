package sh.brane.client.auth;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Duration;

import sh.brane.client.BraneClient;
import sh.brane.client.Contract;
import sh.brane.client.SigningClient;
import sh.brane.core.abi.Abi;
import sh.brane.core.crypto.PrivateKey;
import sh.brane.core.types.Address;
import sh.brane.devnet.Anvil;
import sh.brane.primitives.Hex;
import sh.brane.rpc.HttpProvider;

/**
 * The smart-account tests' chain: a client of a test's Anvil and the {@code SmartWalletFactory} deployed there by its
 * first account, with the wallet's and the factory's ABIs. Each wallet gets a fresh salt, so tests share no wallet.
 */
final class SmartWallets implements AutoCloseable {
    final HttpProvider provider;
    final BraneClient client;
    final Abi walletAbi;
    final Abi factoryAbi;
    final Contract factory;

    private SmartWallets(HttpProvider provider, BraneClient client, Abi walletAbi, Abi factoryAbi, Contract factory) {
        this.provider = provider;
        this.client = client;
        this.walletAbi = walletAbi;
        this.factoryAbi = factoryAbi;
        this.factory = factory;
    }

    static SmartWallets deploy(Anvil anvil) throws IOException {
        HttpProvider provider = HttpProvider.create(anvil.httpUrl());
        BraneClient client = new BraneClient(provider, Duration.ofMillis(50));
        Abi factoryAbi = Abi.fromJson(resource("/contracts/SmartWalletFactory.abi"));
        SigningClient deployer = new SigningClient(client, PrivateKey.fromHex(anvil.account(0).privateKey()));
        Contract factory = Contract.deploy(deployer, factoryAbi,
                Hex.decode(resource("/contracts/SmartWalletFactory.bin").strip()));
        return new SmartWallets(provider, client, Abi.fromJson(resource("/contracts/SmartWallet.abi")), factoryAbi,
                factory);
    }

    /** A wallet of {@code owner} deployed with a fresh salt; its code is on chain. */
    Address deployWallet(Address owner) {
        byte[] salt = salt();
        factory.send("deploy", owner, salt);
        Address wallet = addressOf(owner, salt);
        assertThat(client.getCode(wallet)).isNotEmpty();
        return wallet;
    }

    /** The address the factory gives (or would give) {@code owner}'s wallet of {@code salt}. */
    Address addressOf(Address owner, byte[] salt) {
        return (Address) factory.callSingle("addressOf", owner, salt);
    }

    static byte[] salt() {
        byte[] salt = new byte[32];
        new SecureRandom().nextBytes(salt);
        return salt;
    }

    @Override
    public void close() {
        client.close();
        provider.close();
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = SmartWallets.class.getResourceAsStream(name)) {
            assertThat(in).as(name).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
