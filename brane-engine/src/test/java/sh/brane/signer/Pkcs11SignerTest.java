package sh.brane.signer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import sh.brane.client.BlockTag;
import sh.brane.client.BraneClient;
import sh.brane.client.Receipt;
import sh.brane.client.SigningClient;
import sh.brane.client.TxRequest;
import sh.brane.core.crypto.PersonalMessage;
import sh.brane.core.crypto.PrivateKey;
import sh.brane.core.crypto.Secp256k1;
import sh.brane.core.crypto.Signature;
import sh.brane.core.tx.Eip1559Transaction;
import sh.brane.core.tx.SignedTransaction;
import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;
import sh.brane.devnet.Anvil;
import sh.brane.devnet.LocalSoftHsm;
import sh.brane.primitives.Keccak256;
import sh.brane.rpc.WebSocketProvider;

/**
 * {@link Pkcs11Signer} against a real SoftHSM2 token: the key is generated inside the token by pkcs11-tool, and
 * every signature is checked by recovering its address and comparing it with the address of the public key
 * pkcs11-tool read from the token.
 */
class Pkcs11SignerTest {

    static final String PIN = "4711-secret-pin";
    static final String TOKEN = "brane-" + UUID.randomUUID().toString().substring(0, 8);
    /** SoftHSM2 lists the tokens that exist when the process initialises it: create them all first. */
    static final String PIN_TOKEN = "pin-" + UUID.randomUUID().toString().substring(0, 8);
    static Address tokenKeyAddress;
    static Pkcs11Signer signer;

    @BeforeAll
    static void createTokenAndKey() throws Exception {
        LocalSoftHsm.createToken(TOKEN, PIN);
        tokenKeyAddress = Secp256k1.addressOf(LocalSoftHsm.generateKey(TOKEN, PIN, "eth-hot", "01"));
        LocalSoftHsm.generateKey(TOKEN, PIN, "eth-other", "02");
        LocalSoftHsm.createToken(PIN_TOKEN, PIN);
        LocalSoftHsm.generateKey(PIN_TOKEN, PIN, "eth-hot", "01");
        signer = Pkcs11Signer.open("hsm", config().build());
    }

    @AfterAll
    static void closeSigner() {
        if (signer != null) {
            signer.close();
        }
    }

    static Pkcs11Signer.Builder config() {
        return Pkcs11Signer.Config.builder().library(LocalSoftHsm.LIBRARY).tokenLabel(TOKEN).pin(PIN.toCharArray())
                .keyLabel("eth-hot").timeout(Duration.ofSeconds(10));
    }

    @Test
    void theAddressIsTheTokenKeys() {
        assertThat(signer.address()).isEqualTo(tokenKeyAddress);
        assertThat(Secp256k1.addressOf(signer.publicKey())).isEqualTo(tokenKeyAddress);
    }

    @Test
    void aSignedTransactionRecoversToTheTokenKeysAddress() {
        Eip1559Transaction tx = Eip1559Transaction.builder().chainId(31337).nonce(7).gasLimit(21_000)
                .maxFeePerGas(2_000_000_000L).maxPriorityFeePerGas(1_000_000_000L)
                .to(Address.of("0x70997970C51812dc3A010C7d01b50e0d17dc79C8")).value(12345).build();
        SignedTransaction signed = signer.signTransaction(tx);
        assertThat(signed.sender()).isEqualTo(tokenKeyAddress);
        assertThat(signed.hasLowS()).isTrue();
        // the raw bytes decode back to the same sender, as a node would read them
        assertThat(SignedTransaction.decode(signed.rawBytes()).sender()).isEqualTo(tokenKeyAddress);
    }

    @Test
    void anEip191MessageRecoversToTheTokenKeysAddress() {
        byte[] message = "pay 10 USDC to invoice 42".getBytes(StandardCharsets.UTF_8);
        Signature signature = signer.signMessage(message);
        assertThat(PersonalMessage.recoverSigner(message, signature.toBytes65())).isEqualTo(tokenKeyAddress);
    }

    @Test
    void everySignatureHasLowSAndTheRightRecoveryIdFromManyThreads() throws Exception {
        // ECDSA gives high s about half the time: 64 digests exercise both the flip and both recovery ids
        List<CompletableFuture<Signature>> futures = new ArrayList<>();
        List<Hash> digests = new ArrayList<>();
        for (int i = 0; i < 64; i++) {
            Hash digest = Hash.wrap(Keccak256.hash(("digest " + i).getBytes(StandardCharsets.UTF_8)));
            digests.add(digest);
            futures.add(CompletableFuture.supplyAsync(() -> signer.signDigestAsync(digest)).thenCompose(f -> f));
        }
        int[] parities = new int[2];
        for (int i = 0; i < futures.size(); i++) {
            Signature signature = futures.get(i).get(30, TimeUnit.SECONDS);
            assertThat(signature.s()).isLessThanOrEqualTo(EthereumSignatures.N.shiftRight(1));
            assertThat(Secp256k1.recoverAddress(digests.get(i).toBytes(), signature)).isEqualTo(tokenKeyAddress);
            parities[signature.yParity()]++;
        }
        assertThat(parities[0]).as("recovery id 0 seen").isPositive();
        assertThat(parities[1]).as("recovery id 1 seen").isPositive();
    }

    @Test
    void aKeyChosenByIdIsThatKey() {
        try (Pkcs11Signer byId = Pkcs11Signer.open("by-id", Pkcs11Signer.Config.builder().library(LocalSoftHsm.LIBRARY)
                .tokenLabel(TOKEN).pin(PIN.toCharArray()).keyId(new byte[] { 1 }).build())) {
            assertThat(byId.address()).isEqualTo(tokenKeyAddress);
        }
    }

    @Test
    void aWrongPinIsATypedErrorNamingTheSignerButNotThePin() throws Exception {
        // a token of its own: PKCS#11 login is shared by every session of a process on one token, so on TOKEN
        // (where the signer above is logged in) C_Login answers CKR_USER_ALREADY_LOGGED_IN whatever the PIN
        assertThatThrownBy(() -> Pkcs11Signer.open("treasury", config().tokenLabel(PIN_TOKEN)
                .pin("0000-wrong".toCharArray()).build()))
                .isInstanceOfSatisfying(Pkcs11Exception.class, e -> {
                    assertThat(e.isPinRejected()).isTrue();
                    assertThat(e.returnCodeName()).isEqualTo("CKR_PIN_INCORRECT");
                    assertThat(e.function()).isEqualTo("C_Login");
                    assertThat(e.signerName()).isEqualTo("treasury");
                    assertThat(e.getMessage()).contains("signer 'treasury'", "CKR_PIN_INCORRECT")
                            .doesNotContain("0000-wrong");
                });
    }

    @Test
    void aSecondSignerWithAWrongPinOnATokenAlreadyLoggedInIsRefused() {
        // the signer of this class is logged in to TOKEN, so the token itself answers CKR_USER_ALREADY_LOGGED_IN
        assertThatThrownBy(() -> Pkcs11Signer.open("payouts", config().pin("0000-wrong".toCharArray()).build()))
                .isInstanceOfSatisfying(Pkcs11Exception.class, e -> {
                    assertThat(e.isPinRejected()).isTrue();
                    assertThat(e.signerName()).isEqualTo("payouts");
                    assertThat(e.getMessage()).doesNotContain("0000-wrong");
                });
        // the right PIN on the same token still opens a second signer
        try (Pkcs11Signer second = Pkcs11Signer.open("payouts", config().build())) {
            assertThat(second.address()).isEqualTo(tokenKeyAddress);
        }
    }

    @Test
    void anUnknownKeyOrTokenIsNamedInTheError() {
        assertThatThrownBy(() -> Pkcs11Signer.open("hsm", config().keyLabel("no-such-key").build()))
                .isInstanceOf(SignerException.class)
                .hasMessageContaining("signer 'hsm'").hasMessageContaining("label 'no-such-key'");
        assertThatThrownBy(() -> Pkcs11Signer.open("hsm", config().tokenLabel("no-such-token").build()))
                .isInstanceOf(SignerException.class)
                .hasMessageContaining("token label 'no-such-token'").hasMessageContaining(TOKEN);
        assertThatThrownBy(() -> Pkcs11Signer.open("hsm", config().library(java.nio.file.Path.of("/nope/lib.so"))
                .build())).isInstanceOf(SignerException.class).hasMessageContaining("/nope/lib.so");
    }

    @Test
    void thePinAppearsInNoStringForm() {
        Pkcs11Signer.Config config = config().build();
        assertThat(config.toString()).doesNotContain(PIN).contains("******");
        assertThat(signer.toString()).doesNotContain(PIN).contains("hsm", tokenKeyAddress.toString());
    }

    @Test
    void aTokenThatHangsWhileSigningFailsTheFutureNamingTheSigner() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        HangingToken token = new HangingToken(signer.publicKey(), release);
        try (Pkcs11Signer hanging = new Pkcs11Signer("stuck-hsm", Duration.ofMillis(200), name -> token)) {
            token.hang = true;
            CompletableFuture<Signature> future = hanging.signDigestAsync(Hash.ZERO);
            assertThatThrownBy(() -> future.get(30, TimeUnit.SECONDS)).isInstanceOf(ExecutionException.class)
                    .cause().isInstanceOf(SignerException.class)
                    .hasMessageContaining("signer 'stuck-hsm'").hasMessageContaining("did not sign within");
            assertThatThrownBy(() -> hanging.signDigest(Hash.ZERO)).isInstanceOf(SignerException.class)
                    .hasMessageContaining("stuck-hsm");
        } finally {
            release.countDown();
        }
    }

    @Test
    void aTokenThatHangsWhileOpeningFailsTheStartNamingTheSigner() {
        CountDownLatch release = new CountDownLatch(1);
        try {
            assertThatThrownBy(() -> new Pkcs11Signer("stuck-hsm", Duration.ofMillis(200), name -> {
                await(release);
                throw new IllegalStateException("unreachable");
            })).isInstanceOf(SignerException.class).hasMessageContaining("signer 'stuck-hsm'")
                    .hasMessageContaining("did not open a session");
        } finally {
            release.countDown();
        }
    }

    @Test
    void aDeviceWhoseSignatureDoesNotMatchItsPublicKeyIsRefused() {
        // the "token" reports one key but signs with another (a mixed-up key pair or a faulty device)
        PrivateKey other = PrivateKey.random(new java.security.SecureRandom());
        Pkcs11Token wrongPair = new Pkcs11Token() {
            @Override
            public byte[] publicKey() {
                return signer.publicKey();
            }

            @Override
            public byte[] signDigest(byte[] digest) {
                Signature s = other.signHash(digest);
                byte[] rs = new byte[64];
                s.copyR(rs, 0);
                s.copyS(rs, 32);
                return rs;
            }

            @Override
            public void close() {
            }
        };
        assertThatThrownBy(() -> new Pkcs11Signer("mixed", Duration.ofSeconds(5), name -> wrongPair))
                .isInstanceOf(SignerException.class).hasMessageContaining("signer 'mixed'")
                .hasMessageContaining("does not verify");
    }

    @Test
    void aTransferSignedInTheTokenIsMinedByAnvil() {
        try (Anvil anvil = Anvil.start(); WebSocketProvider provider = WebSocketProvider.create(anvil.wsUrl());
                BraneClient client = new BraneClient(provider)) {
            SigningClient devAccount = new SigningClient(client, PrivateKey.fromHex(anvil.account(0).privateKey()));
            assertThat(devAccount.send(TxRequest.builder().to(signer.address())
                    .value(new java.math.BigInteger("1000000000000000000")).build()).status()).isTrue();

            Address to = Address.of(anvil.account(1).address());
            Receipt receipt = new SigningClient(client, signer).send(TxRequest.builder().to(to).value(777).build());
            assertThat(receipt.status()).isTrue();
            assertThat(receipt.from()).isEqualTo(tokenKeyAddress);
            assertThat(client.getTransactionCount(tokenKeyAddress, BlockTag.LATEST)).isEqualTo(1);
        }
    }

    static void await(CountDownLatch latch) {
        try {
            latch.await(60, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Signs like the real token until {@code hang} is set, then blocks as a wedged device would. */
    static final class HangingToken implements Pkcs11Token {
        final byte[] publicKey;
        final CountDownLatch release;
        volatile boolean hang;

        HangingToken(byte[] publicKey, CountDownLatch release) {
            this.publicKey = publicKey;
            this.release = release;
        }

        @Override
        public byte[] publicKey() {
            return publicKey;
        }

        @Override
        public byte[] signDigest(byte[] digest) {
            if (hang) {
                await(release);
                throw new IllegalStateException("released");
            }
            return rs(signer.signDigest(Hash.wrap(digest)));
        }

        private static byte[] rs(Signature s) {
            byte[] rs = new byte[64];
            s.copyR(rs, 0);
            s.copyS(rs, 32);
            return rs;
        }

        @Override
        public void close() {
        }
    }
}
