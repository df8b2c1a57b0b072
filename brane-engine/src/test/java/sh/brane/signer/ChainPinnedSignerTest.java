package sh.brane.signer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.ExecutionException;

import org.junit.jupiter.api.Test;

import sh.brane.core.crypto.PrivateKey;
import sh.brane.core.tx.Eip1559Transaction;
import sh.brane.core.tx.LegacyTransaction;
import sh.brane.core.types.Address;

/** A pinned signer signs for its chain only, whatever chain id the transaction was built with. */
class ChainPinnedSignerTest {

    static final PrivateKey KEY =
            PrivateKey.fromHex("0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80");
    final ChainPinnedSigner signer = new ChainPinnedSigner(new LocalSigner("treasury", KEY), 1);

    static Eip1559Transaction onChain(long chainId) {
        return Eip1559Transaction.builder().chainId(chainId).nonce(0).gasLimit(21_000).maxFeePerGas(10)
                .maxPriorityFeePerGas(1).to(Address.ZERO).value(1).build();
    }

    @Test
    void signsForThePinnedChain() {
        assertThat(signer.signTransaction(onChain(1)).sender()).isEqualTo(KEY.address());
    }

    @Test
    void refusesAnotherChainOrNoReplayProtection() throws Exception {
        assertThatThrownBy(() -> signer.signTransaction(onChain(137))).isInstanceOf(SignerException.class)
                .hasMessageContaining("signer 'treasury'").hasMessageContaining("chain 137")
                .hasMessageContaining("chain 1 only");
        assertThatThrownBy(() -> signer.signTransactionAsync(onChain(5)).get()).isInstanceOf(ExecutionException.class)
                .cause().isInstanceOf(SignerException.class);
        LegacyTransaction unprotected = LegacyTransaction.builder().withoutReplayProtection().nonce(0).gasPrice(10).gasLimit(21_000)
                .to(Address.ZERO).value(1).build();
        assertThatThrownBy(() -> signer.signTransaction(unprotected)).isInstanceOf(SignerException.class)
                .hasMessageContaining("chain 0");
    }
}
