package sh.brane.core.tx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;

import org.junit.jupiter.api.Test;

import sh.brane.core.crypto.PrivateKey;
import sh.brane.core.types.Address;

/**
 * Issue 11 item 6: an EIP-7702 authorization with chain id 0 is valid on every chain, so it is an explicit
 * opt-in ({@link Authorization#forEveryChain}), as a legacy transaction without replay protection is; decoding
 * keeps reading such authorizations from the chain.
 */
class AuthorizationChainIdTest {

    private static final Address DELEGATE = Address.of("0x63c0c19a282a1b52b07dd5a65b58948a07dae32b");
    private static final PrivateKey KEY =
            PrivateKey.fromHex("4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318");

    @Test
    void chainIdZeroIsRefusedWithoutTheOptIn() {
        assertThatThrownBy(() -> new Authorization(0, DELEGATE, 3))
                .isInstanceOf(InvalidTransactionException.class)
                .hasMessageContaining("valid on every chain")
                .hasMessageContaining("Authorization.forEveryChain(address, nonce)");
        assertThat(new Authorization(1, DELEGATE, 3).isForEveryChain()).isFalse();
    }

    @Test
    void theOptInSignsAndTheDecoderReadsItBack() {
        Authorization everywhere = Authorization.forEveryChain(DELEGATE, 3);
        assertThat(everywhere.chainId()).isZero();
        assertThat(everywhere.isForEveryChain()).isTrue();
        SignedAuthorization signed = everywhere.sign(KEY);
        assertThat(signed.recoverAuthority()).isEqualTo(KEY.address());

        SignedTransaction tx = Eip7702Transaction.builder().chainId(1).nonce(0).maxPriorityFeePerGas(1)
                .maxFeePerGas(2).gasLimit(100_000).to(DELEGATE).value(BigInteger.ZERO)
                .authorizations(signed).build().sign(KEY);
        SignedTransaction decoded = SignedTransaction.decode(tx.rawBytes());
        Eip7702Transaction back = (Eip7702Transaction) decoded.transaction();
        assertThat(back.authorizationList()).containsExactly(signed);
        assertThat(back.authorizationList().get(0).authorization().isForEveryChain()).isTrue();
    }
}
