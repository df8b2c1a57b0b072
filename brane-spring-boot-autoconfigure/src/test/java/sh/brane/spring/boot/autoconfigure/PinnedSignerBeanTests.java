package sh.brane.spring.boot.autoconfigure;

import java.math.BigInteger;
import java.util.Map;

import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import sh.brane.core.crypto.Eip712;
import sh.brane.core.crypto.Secp256k1;
import sh.brane.core.crypto.TypedData;
import sh.brane.core.tx.Eip1559Transaction;
import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;
import sh.brane.signer.Signer;
import sh.brane.signer.SignerException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The Signer beans are pinned views: a raw digest and an EIP-712 domain without chainId need the property that opts
 * in, and the refusal names it; a domain for another chain is refused always.
 */
class PinnedSignerBeanTests {

    static final String KEY_0 = BraneAutoConfigurationTests.DEV_KEY_0;

    static final Address TOKEN = Address.of("0x5FbDB2315678afecb367f032d93F642f64180aa3");

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(BraneAutoConfiguration.class))
        .withPropertyValues("brane.rpc.expected-chain-id=1");

    static Hash polygonTransactionHash() {
        return Eip1559Transaction.builder().chainId(137).nonce(0).gasLimit(21_000).maxFeePerGas(10)
            .maxPriorityFeePerGas(1).to(TOKEN).value(1).build().signingHash();
    }

    static TypedData permit(BigInteger chainId) {
        return TypedData.builder()
            .domain(new TypedData.Domain("Token", "1", chainId, TOKEN, null))
            .type("Permit", "address", "spender", "uint256", "value")
            .message("Permit", Map.of("spender", TOKEN, "value", BigInteger.TEN))
            .build();
    }

    @Test
    void theDefaultSignerBeanRefusesARawDigestNamingTheProperty() {
        this.runner.withPropertyValues("brane.signer.private-key=" + KEY_0).run((context) -> {
            Signer signer = context.getBean(Signer.class);
            assertThatThrownBy(() -> signer.signDigest(polygonTransactionHash())).isInstanceOf(SignerException.class)
                .hasMessageContaining("chain 1 only")
                .hasMessageContaining("brane.signer.allow-raw-digest=true");
        });
    }

    @Test
    void aNamedSignerBeanRefusesARawDigestNamingItsOwnProperty() {
        this.runner.withPropertyValues("brane.signers.treasury.private-key=" + KEY_0).run((context) -> {
            Signer signer = context.getBean("treasurySigner", Signer.class);
            assertThatThrownBy(() -> signer.signDigest(polygonTransactionHash()))
                .hasMessageContaining("brane.signers.treasury.allow-raw-digest=true");
        });
    }

    @Test
    void allowRawDigestOptsIn() {
        this.runner.withPropertyValues("brane.signer.private-key=" + KEY_0, "brane.signer.allow-raw-digest=true")
            .run((context) -> {
                Signer signer = context.getBean(Signer.class);
                Hash digest = polygonTransactionHash();
                assertThat(Secp256k1.recoverAddress(digest.toBytes(), signer.signDigest(digest)))
                    .isEqualTo(signer.address());
            });
    }

    @Test
    void typedDataIsCheckedAgainstThePinnedChain() {
        this.runner.withPropertyValues("brane.signer.private-key=" + KEY_0).run((context) -> {
            Signer signer = context.getBean(Signer.class);
            TypedData mainnet = permit(BigInteger.ONE);
            assertThat(Eip712.recoverSigner(mainnet, signer.signTypedData(mainnet).toBytes65()))
                .isEqualTo(signer.address());
            assertThatThrownBy(() -> signer.signTypedData(permit(BigInteger.valueOf(137))))
                .hasMessageContaining("domain is for chain 137")
                .hasMessageContaining("chain 1 only");
            assertThatThrownBy(() -> signer.signTypedData(permit(null))).hasMessageContaining("no chainId")
                .hasMessageContaining("brane.signer.allow-domains-without-chain-id=true");
            assertThat(signer.signTypedDataWithoutChainId(permit(null))).isNotNull();
        });
    }

    @Test
    void allowDomainsWithoutChainIdOptsIn() {
        this.runner
            .withPropertyValues("brane.signer.private-key=" + KEY_0, "brane.signer.allow-domains-without-chain-id=true")
            .run((context) -> {
                Signer signer = context.getBean(Signer.class);
                assertThat(signer.signTypedData(permit(null))).isNotNull();
                assertThatThrownBy(() -> signer.signTypedData(permit(BigInteger.valueOf(137))))
                    .hasMessageContaining("chain 137");
            });
    }
}
