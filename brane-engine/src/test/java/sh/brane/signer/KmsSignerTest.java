package sh.brane.signer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.web3j.crypto.Keys;
import org.web3j.crypto.Sign;

import sh.brane.client.BlockTag;
import sh.brane.client.BraneClient;
import sh.brane.client.Receipt;
import sh.brane.client.SigningClient;
import sh.brane.client.TxRequest;
import sh.brane.core.crypto.PrivateKey;
import sh.brane.core.crypto.Secp256k1;
import sh.brane.core.crypto.Signature;
import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;
import sh.brane.devnet.Anvil;
import sh.brane.devnet.LocalKms;
import sh.brane.rpc.HttpProvider;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.kms.KmsClient;
import software.amazon.awssdk.services.kms.model.KeySpec;
import software.amazon.awssdk.services.kms.model.KeyUsageType;

/**
 * {@link KmsSigner} against a real KMS-compatible server ({@link LocalKms}: local-kms, which signs DIGEST messages
 * with secp256k1 keys as AWS KMS does), checked against the key's public key, against web3j's recovery and by Anvil
 * mining a transfer it signed.
 */
class KmsSignerTest {

    static LocalKms server;
    static KmsClient kms;

    @BeforeAll
    static void start() throws Exception {
        server = LocalKms.start();
        kms = client(server.endpoint());
    }

    @AfterAll
    static void stop() {
        if (kms != null) {
            kms.close();
        }
        if (server != null) {
            server.close();
        }
    }

    static KmsClient client(String endpoint) {
        return KmsClient.builder().endpointOverride(URI.create(endpoint)).region(Region.of(LocalKms.REGION))
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("test", "test")))
                .httpClient(UrlConnectionHttpClient.create()).build();
    }

    static String newKey(KmsClient client, KeySpec spec) {
        return client.createKey(r -> r.keySpec(spec).keyUsage(KeyUsageType.SIGN_VERIFY)).keyMetadata().keyId();
    }

    @Test
    void digestsSignedInKmsRecoverToTheKeysAddressInLowSFormAsWeb3jRecoversThem() {
        try (KmsSigner signer = KmsSigner.create("treasury", kms, newKey(kms, KeySpec.ECC_SECG_P256_K1),
                Duration.ofSeconds(10))) {
            assertThat(signer.address()).isEqualTo(Secp256k1.addressOf(signer.publicKey()));
            for (int i = 0; i < 20; i++) {
                byte[] digest = new byte[32];
                ThreadLocalRandom.current().nextBytes(digest);
                Signature sig = signer.signDigest(Hash.wrap(digest));
                assertThat(sig.isLowS()).as("EIP-2 low s").isTrue();
                assertThat(Secp256k1.recoverAddress(digest, sig)).isEqualTo(signer.address());
                BigInteger theirKey = assertThatRecoversInWeb3j(digest, sig);
                assertThat(Address.of("0x" + Keys.getAddress(theirKey))).isEqualTo(signer.address());
            }
            assertThat(signer.toString()).isEqualTo("KmsSigner[treasury, " + signer.address() + "]");
        }
    }

    private static BigInteger assertThatRecoversInWeb3j(byte[] digest, Signature sig) {
        try {
            return Sign.signedMessageHashToKey(digest, new Sign.SignatureData((byte) (27 + sig.yParity()),
                    sig.rBytes(), sig.sBytes()));
        } catch (java.security.SignatureException e) {
            throw new AssertionError("web3j could not recover the signature", e);
        }
    }

    @Test
    void aTransferSignedInKmsIsMinedByAnvil() {
        try (KmsSigner signer = KmsSigner.create("hot", kms, newKey(kms, KeySpec.ECC_SECG_P256_K1),
                Duration.ofSeconds(10));
                Anvil anvil = Anvil.start(); HttpProvider provider = HttpProvider.create(anvil.httpUrl());
                BraneClient client = new BraneClient(provider)) {
            SigningClient devAccount = new SigningClient(client, PrivateKey.fromHex(anvil.account(0).privateKey()));
            assertThat(devAccount.send(TxRequest.builder().to(signer.address())
                    .value(new BigInteger("1000000000000000000")).build()).status()).isTrue();

            Address to = Address.of(anvil.account(1).address());
            Receipt receipt = new SigningClient(client, signer).send(TxRequest.builder().to(to).value(777).build());
            assertThat(receipt.status()).isTrue();
            assertThat(receipt.from()).isEqualTo(signer.address());
            assertThat(client.getTransactionCount(signer.address(), BlockTag.LATEST)).isEqualTo(1);
        }
    }

    @Test
    void aKeyOfAnotherCurveIsRefusedWhenTheSignerIsCreated() {
        String p256 = newKey(kms, KeySpec.ECC_NIST_P256);
        assertThatThrownBy(() -> KmsSigner.create("wrong-curve", kms, p256, Duration.ofSeconds(10)))
                .isInstanceOf(SignerException.class).hasMessageContaining("signer 'wrong-curve'")
                .hasMessageContaining(p256).hasMessageContaining("ECC_NIST_P256")
                .hasMessageContaining("needs an ECC_SECG_P256K1 key");
    }

    @Test
    void anUnknownKeyIsNamedWhenTheSignerIsCreated() {
        assertThatThrownBy(() -> KmsSigner.create("missing", kms, "alias/no-such-key", Duration.ofSeconds(10)))
                .isInstanceOf(SignerException.class).hasMessageContaining("signer 'missing'")
                .hasMessageContaining("alias/no-such-key");
        assertThatThrownBy(() -> KmsSigner.create("blank", kms, " ", Duration.ofSeconds(10)))
                .isInstanceOf(SignerException.class).hasMessageContaining("no KMS key id");
    }

    @Test
    void aKmsThatGoesAwayFailsTheSignatureNamingTheSignerAndAClosedSignerRefuses() throws Exception {
        LocalKms other = LocalKms.start();
        KmsClient otherClient = client(other.endpoint());
        try (otherClient) {
            KmsSigner signer = KmsSigner.create("gone", otherClient, newKey(otherClient, KeySpec.ECC_SECG_P256_K1),
                    Duration.ofSeconds(10));
            other.close();
            Hash digest = Hash.wrap(new byte[32]);
            assertThatThrownBy(() -> signer.signDigest(digest)).isInstanceOf(SignerException.class)
                    .hasMessageContaining("signer 'gone'").hasMessageContaining("KMS");
            signer.close();
            assertThat(signer.signDigestAsync(digest)).failsWithin(Duration.ofSeconds(1))
                    .withThrowableThat().havingRootCause().withMessageContaining("closed");
        } finally {
            other.close();
        }
    }
}
