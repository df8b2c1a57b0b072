package sh.brane.spring.boot.autoconfigure;

import java.util.UUID;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.BeanFactoryAnnotationUtils;
import org.springframework.boot.actuate.endpoint.SanitizableData;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.mock.env.MockEnvironment;

import sh.brane.client.BraneClient;
import sh.brane.client.SigningClient;
import sh.brane.client.tx.SendLimits;
import sh.brane.core.crypto.Secp256k1;
import sh.brane.core.types.Address;
import sh.brane.core.types.Wei;
import sh.brane.devnet.Anvil;
import sh.brane.devnet.LocalSoftHsm;
import sh.brane.signer.ChainPinnedSigner;
import sh.brane.signer.Pkcs11Signer;
import sh.brane.signer.Signer;
import sh.brane.signer.SignerCeilings;
import sh.brane.spring.boot.autoconfigure.actuate.BraneSanitizingFunction;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code brane.signers.<name>.*} and {@code brane.signer.*}: beans per name, the pinned chain id, ceilings, PKCS#11. */
class BraneSignersTests {

    static final String KEY_0 = BraneAutoConfigurationTests.DEV_KEY_0;

    static final String MNEMONIC = BraneAutoConfigurationTests.DEV_MNEMONIC;

    static final String PIN = "2468-hsm-pin";

    static final String TOKEN = "spring-" + UUID.randomUUID().toString().substring(0, 8);

    static Anvil anvil;

    static Address tokenKeyAddress;

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(BraneAutoConfiguration.class));

    @BeforeAll
    static void startAnvilAndToken() throws Exception {
        // SoftHSM2 lists the tokens present when this process first initialises it: create the token first
        LocalSoftHsm.createToken(TOKEN, PIN);
        tokenKeyAddress = Secp256k1.addressOf(LocalSoftHsm.generateKey(TOKEN, PIN, "payouts", "0a"));
        anvil = Anvil.start();
    }

    @AfterAll
    static void stopAnvil() {
        anvil.close();
    }

    @Test
    void twoNamedSignersGiveTwoSignersAndTwoSigningClientsQualifiedByName() {
        this.runner
            .withPropertyValues("brane.rpc.url=" + anvil.httpUrl(), "brane.rpc.expected-chain-id=31337",
                    "brane.signers.treasury.private-key=" + KEY_0, "brane.signers.payroll.mnemonic=" + MNEMONIC,
                    "brane.signers.payroll.account-index=1")
            .run((context) -> {
                assertThat(context).hasNotFailed();
                assertThat(context.getBeansOfType(Signer.class)).containsOnlyKeys("treasurySigner", "payrollSigner");
                assertThat(context.getBeansOfType(SigningClient.class)).containsOnlyKeys("treasurySigningClient",
                        "payrollSigningClient");
                Signer treasury = BeanFactoryAnnotationUtils.qualifiedBeanOfType(context.getBeanFactory(), Signer.class,
                        "treasury");
                SigningClient payroll = BeanFactoryAnnotationUtils.qualifiedBeanOfType(context.getBeanFactory(),
                        SigningClient.class, "payroll");
                assertThat(treasury.name()).isEqualTo("treasury");
                assertThat(treasury.address().toHex())
                    .isEqualToIgnoringCase(BraneAutoConfigurationTests.DEV_ADDRESS_0);
                assertThat(payroll.address().toHex()).isEqualToIgnoringCase(BraneAutoConfigurationTests.DEV_ADDRESS_1);
                assertThat(payroll.client()).isSameAs(context.getBean(BraneClient.class));
                assertThat(context.getBean("treasurySignerCeilings", SignerCeilings.class).isEmpty()).isTrue();
            });
    }

    @Test
    void aNamedSignersKeyIsZeroedWhenTheContextCloses() {
        Signer[] signer = new Signer[1];
        this.runner.withPropertyValues("brane.rpc.expected-chain-id=1", "brane.signers.treasury.private-key=" + KEY_0)
            .run((context) -> signer[0] = context.getBean("treasurySigner", Signer.class));
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> signer[0].signMessage(new byte[] { 1 }))
            .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void namedSignersWithoutANodeGiveSignersButNoSigningClients() {
        this.runner
            .withPropertyValues("brane.rpc.expected-chain-id=1", "brane.signers.treasury.private-key=" + KEY_0)
            .run((context) -> assertThat(context).hasNotFailed()
                .hasBean("treasurySigner")
                .doesNotHaveBean(SigningClient.class));
    }

    @Test
    void theShorthandIsTheSignerNamedDefaultAndWinsInjectionBesideNamedOnes() {
        this.runner
            .withPropertyValues("brane.rpc.url=" + anvil.httpUrl(), "brane.rpc.expected-chain-id=31337",
                    "brane.signer.private-key=" + KEY_0, "brane.signers.payroll.mnemonic=" + MNEMONIC,
                    "brane.signers.payroll.account-index=1")
            .run((context) -> {
                assertThat(context).hasNotFailed();
                assertThat(context.getBean(Signer.class).name()).isEqualTo("default");
                assertThat(context.getBean("defaultSigner", Signer.class).address().toHex())
                    .isEqualToIgnoringCase(BraneAutoConfigurationTests.DEV_ADDRESS_0);
                assertThat(context.getBean("braneSigningClient", SigningClient.class).address().toHex())
                    .isEqualToIgnoringCase(BraneAutoConfigurationTests.DEV_ADDRESS_0);
                assertThat(context.getBean("payrollSigningClient", SigningClient.class).address().toHex())
                    .isEqualToIgnoringCase(BraneAutoConfigurationTests.DEV_ADDRESS_1);
            });
    }

    @Test
    void aSignerWithoutAPinnedChainIdFailsNamingTheProperty() {
        for (String signer : new String[] { "brane.signers.treasury.private-key=" + KEY_0,
                "brane.signer.private-key=" + KEY_0 }) {
            this.runner.withPropertyValues(signer).run((context) -> {
                Throwable failure = context.getStartupFailure();
                assertThat(failure).rootCause()
                    .isInstanceOfSatisfying(InvalidConfigurationPropertyValueException.class,
                            (ex) -> assertThat(ex.getName()).isEqualTo("brane.rpc.expected-chain-id"));
                assertThat(FailureAnalysisSupport.report(failure)).contains("brane.rpc.expected-chain-id",
                        "must be pinned");
                assertThat(FailureAnalysisSupport.report(failure)).doesNotContain(KEY_0.substring(2, 40));
            });
        }
    }

    @Test
    void ceilingsAreTypedPerSigner() {
        this.runner
            .withPropertyValues("brane.rpc.expected-chain-id=1", "brane.signers.treasury.private-key=" + KEY_0,
                    "brane.signers.treasury.max-fee-per-gas=200gwei",
                    "brane.signers.treasury.max-priority-fee-per-gas=2.5 gwei",
                    "brane.signers.treasury.max-gas-limit=300000", "brane.signers.treasury.max-value=10ether",
                    "brane.signers.treasury.max-fee-per-blob-gas=50gwei")
            .run((context) -> {
                SignerCeilings ceilings = BeanFactoryAnnotationUtils.qualifiedBeanOfType(context.getBeanFactory(),
                        SignerCeilings.class, "treasury");
                assertThat(ceilings).isEqualTo(new SignerCeilings(Wei.ofGwei(200), Wei.ofGwei("2.5"), 300_000L,
                        Wei.ofEther(10), Wei.ofGwei(50)));
                assertThat(SendLimits.of(ceilings).maxFeePerBlobGas()).isEqualTo(Wei.ofGwei(50).toBigInteger());
            });
    }

    @Test
    void badCeilingsFailNamingTheirProperty() {
        assertBadValue("brane.signers.treasury.max-fee-per-gas=200 gwie", "brane.signers.treasury.max-fee-per-gas");
        assertBadValue("brane.signers.treasury.max-gas-limit=20000", "brane.signers.treasury.max-gas-limit");
        assertBadValue("brane.signers.treasury.max-value=-1ether", "brane.signers.treasury.max-value");
        assertBadValue("brane.signers.treasury.max-fee-per-blob-gas=50 gwie",
                "brane.signers.treasury.max-fee-per-blob-gas");
        assertBadValue("brane.signers.treasury.max-fee-per-blob-gas=0gwei",
                "brane.signers.treasury.max-fee-per-blob-gas");
        this.runner
            .withPropertyValues("brane.rpc.expected-chain-id=1", "brane.signers.treasury.private-key=" + KEY_0,
                    "brane.signers.treasury.max-fee-per-gas=2gwei",
                    "brane.signers.treasury.max-priority-fee-per-gas=3gwei")
            .run((context) -> assertThat(context.getStartupFailure()).rootCause()
                .isInstanceOfSatisfying(InvalidConfigurationPropertyValueException.class, (ex) -> assertThat(
                        ex.getName()).isEqualTo("brane.signers.treasury.max-priority-fee-per-gas")));
    }

    private void assertBadValue(String setting, String property) {
        this.runner
            .withPropertyValues("brane.rpc.expected-chain-id=1", "brane.signers.treasury.private-key=" + KEY_0, setting)
            .run((context) -> {
                Throwable failure = context.getStartupFailure();
                assertThat(failure).as(setting)
                    .rootCause()
                    .isInstanceOfSatisfying(InvalidConfigurationPropertyValueException.class,
                            (ex) -> assertThat(ex.getName()).isEqualTo(property));
                assertThat(FailureAnalysisSupport.report(failure)).contains(property);
            });
    }

    @Test
    void aBadSignerNameOrTwoKeySourcesFail() {
        this.runner
            .withPropertyValues("brane.rpc.expected-chain-id=1", "brane.signers.treasury.private-key=" + KEY_0,
                    "brane.signers.treasury.pkcs11.library=" + LocalSoftHsm.LIBRARY)
            .run((context) -> assertThat(context.getStartupFailure()).rootCause()
                .isInstanceOf(InvalidConfigurationPropertyValueException.class)
                .hasMessageContaining("exactly one of")
                .hasMessageNotContaining(KEY_0.substring(2)));
        this.runner
            .withPropertyValues("brane.rpc.expected-chain-id=1", "brane.signers.hsm.pkcs11.library=" + LocalSoftHsm.LIBRARY,
                    "brane.signers.hsm.pkcs11.token-label=" + TOKEN, "brane.signers.hsm.pkcs11.key-label=payouts")
            .run((context) -> assertThat(context.getStartupFailure()).rootCause()
                .isInstanceOfSatisfying(InvalidConfigurationPropertyValueException.class,
                        (ex) -> assertThat(ex.getName()).isEqualTo("brane.signers.hsm.pkcs11.pin")));
    }

    @Test
    void aPkcs11SignerBeanSignsWithTheTokensKey() {
        this.runner
            .withPropertyValues("brane.rpc.url=" + anvil.httpUrl(), "brane.rpc.expected-chain-id=31337",
                    "brane.signers.hsm.pkcs11.library=" + LocalSoftHsm.LIBRARY, "brane.signers.hsm.pkcs11.token-label=" + TOKEN,
                    "brane.signers.hsm.pkcs11.pin=" + PIN, "brane.signers.hsm.pkcs11.key-id=0x0a",
                    "brane.signers.hsm.pkcs11.timeout=5s")
            .run((context) -> {
                assertThat(context).hasNotFailed();
                Signer hsm = context.getBean("hsmSigner", Signer.class);
                assertThat(hsm).isInstanceOfSatisfying(ChainPinnedSigner.class, (pinned) -> {
                    assertThat(pinned.chainId()).isEqualTo(31337);
                    assertThat(pinned.delegate()).isInstanceOf(Pkcs11Signer.class);
                });
                assertThat(hsm.address()).isEqualTo(tokenKeyAddress);
                assertThat(hsm.toString()).doesNotContain(PIN);
                assertThat(context.getBean("hsmSigningClient", SigningClient.class).address())
                    .isEqualTo(tokenKeyAddress);
            });
    }

    @Test
    void aWrongPinFailsNamingThePinPropertyButNotThePin() {
        // PKCS#11 login is shared by a process's sessions on one token, so this holds because every other row's
        // context has closed its session (the token logs out with its last session) before this one starts
        this.runner
            .withPropertyValues("brane.rpc.expected-chain-id=1", "brane.signers.hsm.pkcs11.library=" + LocalSoftHsm.LIBRARY,
                    "brane.signers.hsm.pkcs11.token-label=" + TOKEN, "brane.signers.hsm.pkcs11.pin=9999-wrong",
                    "brane.signers.hsm.pkcs11.key-label=payouts")
            .run((context) -> {
                Throwable failure = context.getStartupFailure();
                assertThat(failure).rootCause()
                    .isInstanceOfSatisfying(InvalidBranePropertyException.class,
                            (ex) -> assertThat(ex.getProperty()).isEqualTo("brane.signers.hsm.pkcs11.pin"))
                    .hasMessageContaining("CKR_PIN_INCORRECT")
                    .hasMessageNotContaining("9999-wrong");
                // with the PIN where Boot's analyzers look for it: an empty environment would hide a leak
                MockEnvironment environment = new MockEnvironment().withProperty("brane.signers.hsm.pkcs11.pin",
                        "9999-wrong");
                assertThat(FailureAnalysisSupport.report(failure, environment))
                    .contains("brane.signers.hsm.pkcs11.pin")
                    .doesNotContain("9999-wrong");
            });
    }

    @Test
    void everyNamedSignerValueIsMaskedByTheActuator() {
        BraneSanitizingFunction sanitizer = new BraneSanitizingFunction();
        for (String key : new String[] { "brane.signers.treasury.private-key", "brane.signers.hsm.pkcs11.pin",
                "BRANE_SIGNERS_HSM_PKCS11_PIN", "brane.signers.cold.keystore-password", "brane.signers.x.mnemonic",
                "brane.signers" }) {
            assertThat(sanitizer.apply(new SanitizableData(null, key, "value")).getValue()).as(key)
                .isEqualTo(SanitizableData.SANITIZED_VALUE);
        }
    }
}
