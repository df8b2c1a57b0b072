package sh.brane.spring.boot.autoconfigure;

import java.net.URI;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import sh.brane.core.crypto.Secp256k1;
import sh.brane.core.crypto.Signature;
import sh.brane.core.types.Hash;
import sh.brane.devnet.LocalKms;
import sh.brane.signer.ChainPinnedSigner;
import sh.brane.signer.KmsSigner;
import sh.brane.signer.Signer;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.kms.KmsClient;
import software.amazon.awssdk.services.kms.model.KeySpec;
import software.amazon.awssdk.services.kms.model.KeyUsageType;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code brane.signer.kms.*} and {@code brane.signers.<name>.kms.*} against a real KMS-compatible server
 * ({@link LocalKms}); credentials from the AWS SDK's default chain (here its system properties).
 */
class KmsSignerPropertiesTests {

    static LocalKms server;

    static KmsClient admin;

    static String secp256k1Key;

    static String p256Key;

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(BraneAutoConfiguration.class));

    @BeforeAll
    static void startKms() throws Exception {
        System.setProperty("aws.accessKeyId", "test");
        System.setProperty("aws.secretAccessKey", "test");
        server = LocalKms.start();
        admin = KmsClient.builder()
            .endpointOverride(URI.create(server.endpoint()))
            .region(Region.of(LocalKms.REGION))
            .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("test", "test")))
            .httpClient(UrlConnectionHttpClient.create())
            .build();
        secp256k1Key = admin.createKey((r) -> r.keySpec(KeySpec.ECC_SECG_P256_K1).keyUsage(KeyUsageType.SIGN_VERIFY))
            .keyMetadata()
            .keyId();
        p256Key = admin.createKey((r) -> r.keySpec(KeySpec.ECC_NIST_P256).keyUsage(KeyUsageType.SIGN_VERIFY))
            .keyMetadata()
            .keyId();
    }

    @AfterAll
    static void stopKms() {
        admin.close();
        server.close();
        System.clearProperty("aws.accessKeyId");
        System.clearProperty("aws.secretAccessKey");
    }

    private String[] kms(String prefix, String keyId) {
        return new String[] { "brane.rpc.expected-chain-id=1", prefix + ".kms.key-id=" + keyId,
                prefix + ".kms.region=" + LocalKms.REGION, prefix + ".kms.endpoint=" + server.endpoint(),
                prefix + ".kms.timeout=5s" };
    }

    @Test
    void aKmsSignerBeanSignsWithTheKeyInKms() {
        this.runner.withPropertyValues(kms("brane.signer", secp256k1Key)).run((context) -> {
            assertThat(context).hasNotFailed();
            Signer signer = context.getBean(Signer.class);
            assertThat(signer).isInstanceOfSatisfying(ChainPinnedSigner.class, (pinned) -> {
                assertThat(pinned.chainId()).isEqualTo(1);
                assertThat(pinned.delegate()).isInstanceOf(KmsSigner.class);
            });
            Hash digest = Hash.of("0x" + "5a".repeat(32));
            Signature signature = ((ChainPinnedSigner) signer).delegate().signDigest(digest);
            assertThat(Secp256k1.recoverAddress(digest.toBytes(), signature)).isEqualTo(signer.address());
        });
    }

    @Test
    void aNamedKmsSignerIsABeanOfItsName() {
        this.runner.withPropertyValues(kms("brane.signers.treasury", secp256k1Key)).run((context) -> {
            assertThat(context).hasNotFailed();
            assertThat(context.getBean("treasurySigner", Signer.class).address())
                .isEqualTo(context.getBean("treasurySigner", ChainPinnedSigner.class).delegate().address());
        });
    }

    @Test
    void aKeyOfAnotherCurveFailsNamingTheKeyIdProperty() {
        this.runner.withPropertyValues(kms("brane.signer", p256Key))
            .run((context) -> assertThat(context.getStartupFailure()).rootCause()
                .isInstanceOfSatisfying(InvalidConfigurationPropertyValueException.class,
                        (ex) -> assertThat(ex.getName()).isEqualTo("brane.signer.kms.key-id"))
                .hasMessageContaining("ECC_SECG_P256K1"));
    }

    @Test
    void aKmsKeyAndALocalKeyTogetherFail() {
        this.runner
            .withPropertyValues(kms("brane.signers.both", secp256k1Key))
            .withPropertyValues("brane.signers.both.private-key=" + BraneAutoConfigurationTests.DEV_KEY_0)
            .run((context) -> assertThat(context.getStartupFailure()).rootCause()
                .isInstanceOf(InvalidConfigurationPropertyValueException.class)
                .hasMessageContaining("set exactly one of")
                .hasMessageNotContaining(BraneAutoConfigurationTests.DEV_KEY_0.substring(2)));
    }

    @Test
    void aBadEndpointOrTimeoutFailsNamingIt() {
        this.runner.withPropertyValues(kms("brane.signer", secp256k1Key))
            .withPropertyValues("brane.signer.kms.endpoint=kms.example")
            .run((context) -> assertThat(context.getStartupFailure()).rootCause()
                .isInstanceOfSatisfying(InvalidConfigurationPropertyValueException.class,
                        (ex) -> assertThat(ex.getName()).isEqualTo("brane.signer.kms.endpoint"))
                .hasMessageContaining("http(s) URL"));
        this.runner.withPropertyValues(kms("brane.signer", secp256k1Key))
            .withPropertyValues("brane.signer.kms.timeout=0s")
            .run((context) -> assertThat(context.getStartupFailure()).rootCause()
                .isInstanceOfSatisfying(InvalidConfigurationPropertyValueException.class,
                        (ex) -> assertThat(ex.getName()).isEqualTo("brane.signer.kms.timeout"))
                .hasMessageContaining("must be positive"));
    }
}
