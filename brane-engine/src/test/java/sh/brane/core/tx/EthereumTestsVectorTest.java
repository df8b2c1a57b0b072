package sh.brane.core.tx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;

/**
 * Raw transactions from ethereum/tests {@code TransactionTests} (filled by geth's evm tool) with the
 * hash and sender the clients agree on, or the reason they reject them.
 */
class EthereumTestsVectorTest {

    static List<Arguments> vitalik() throws IOException {
        try (InputStream in = EthereumTestsVectorTest.class.getResourceAsStream("/vectors/tx/eip155-vitalik.txt")) {
            List<Arguments> rows = new ArrayList<>();
            for (String line : new String(in.readAllBytes(), StandardCharsets.US_ASCII).split("\n")) {
                if (!line.isBlank() && !line.startsWith("#")) {
                    rows.add(Arguments.of((Object[]) line.trim().split(" ")));
                }
            }
            return rows;
        }
    }

    /** EIP-155 and pre-EIP-155 legacy transactions, including contract creations. */
    @ParameterizedTest
    @MethodSource("vitalik")
    void eip155VitaliksTests(String name, String rlp, String hash, String sender) {
        SignedTransaction tx = SignedTransaction.decode(rlp);
        assertThat(tx.toHex()).as(name).isEqualTo(rlp);
        LegacyTransaction t = (LegacyTransaction) tx.transaction();
        assertThat(SignedTransaction.of(t, tx.signature()).toHex()).as(name).isEqualTo(rlp);
        if (hash.equals("-")) {
            assertThat(t.chainId()).as(name + " is signed for chain 3").isEqualTo(3);
            assertThat(tx.v()).isIn(41L, 42L);
            return;
        }
        assertThat(tx.hash()).as(name).isEqualTo(Hash.of("0x" + hash));
        assertThat(tx.sender()).as(name).isEqualTo(Address.of("0x" + sender));
        assertThat(tx.v()).as(name).isIn(27L, 28L, 37L, 38L);
        assertThat(t.chainId()).as(name).isEqualTo(tx.v() >= 37 ? 1 : 0);
    }

    /** ttEIP1559/GasLimitPriceProductOverflowtMinusOne: valid from London on. */
    @Test
    void eip1559GasLimitPriceProductOverflowMinusOne() {
        SignedTransaction tx = SignedTransaction.decode("0x02f885018084773594009f02ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff8252089409"
                + "5e7baea6a6c7c4c2dfeb977efac326af552d878080c080a05cbd172231fc0735e0fb994dd5b1a4939170a260b36f0427"
                + "a8a80866b063b948a07c230f7f578dd61785c93361b9871c0706ebfa6d06e3f4491dc9558c5202ed36");
        assertThat(tx.hash()).isEqualTo(Hash.of("0xdad8bff3ecfcf95169b1d5625b47f3372be795802bc4fe570991cf332f609334"));
        assertThat(tx.sender()).isEqualTo(Address.of("0xae2aec498d20869d441eaaf708fb1e375ae1787d"));
        Eip1559Transaction t = (Eip1559Transaction) tx.transaction();
        assertThat(t.chainId()).isEqualTo(1);
        assertThat(t.maxPriorityFeePerGas()).isEqualTo(BigInteger.valueOf(2_000_000_000L));
        assertThat(t.maxFeePerGas()).isEqualTo(new BigInteger("02" + "ff".repeat(30), 16));
        assertThat(t.gasLimit()).isEqualTo(21_000);
        assertThat(SignedTransaction.of(t, tx.signature()).hash()).isEqualTo(tx.hash());
    }

    /** ttEIP2930/accessListStorage32Bytes: valid from Berlin on. */
    @Test
    void eip2930AccessListStorage32Bytes() {
        SignedTransaction tx = SignedTransaction.decode("0x01f89a018001826a4094095e7baea6a6c7c4c2dfeb977efac326af552d878080f838f794a95e7baea6a6c7c4c2dfeb"
                + "977efac326af552d87e1a0ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff80a05cbd17"
                + "2231fc0735e0fb994dd5b1a4939170a260b36f0427a8a80866b063b948a07c230f7f578dd61785c93361b9871c0706eb"
                + "fa6d06e3f4491dc9558c5202ed36");
        assertThat(tx.hash()).isEqualTo(Hash.of("0xb4f8b14a7aaf85ec2f76be9fbe4155deae1f87b2da95af73be3c27ed8d4c8cb7"));
        assertThat(tx.sender()).isEqualTo(Address.of("0xebe76799923fd62804659fb00b4f0f1a94c0eb1e"));
        Eip2930Transaction t = (Eip2930Transaction) tx.transaction();
        assertThat(t.accessList()).containsExactly(AccessListEntry.of(
                Address.of("0xa95e7baea6a6c7c4c2dfeb977efac326af552d87"), Hash.of("0x" + "ff".repeat(32))));
        assertThat(SignedTransaction.of(t, tx.signature()).hash()).isEqualTo(tx.hash());
    }

    /** ttEIP2930/accessListStorage0x0001: a 2-byte storage key, rejected by every client. */
    @Test
    void eip2930StorageKeyTooShort() {
        assertThatThrownBy(() -> SignedTransaction.decode("0x01f87b018001826a4094095e7baea6a6c7c4c2dfeb977efac326af552d878080dad994a95e7baea6a6c7c4c2dfeb97"
                + "7efac326af552d87c382000180a05cbd172231fc0735e0fb994dd5b1a4939170a260b36f0427a8a80866b063b948a07c"
                + "230f7f578dd61785c93361b9871c0706ebfa6d06e3f4491dc9558c5202ed36"))
                .isInstanceOf(TransactionDecodingException.class)
                .hasMessageContaining("accessList[0].storageKeys[0]").hasMessageContaining("32-byte hash");
    }

    /** ttEIP1559/maxPriorityFeePerGass32BytesValue: priority fee above max fee, rejected from London on. */
    @Test
    void eip1559PriorityFeeAboveMaxFee() {
        assertThatThrownBy(() -> SignedTransaction.decode("0x02f8860180a0ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff84b2d05e0082520894"
                + "095e7baea6a6c7c4c2dfeb977efac326af552d878080c080a05cbd172231fc0735e0fb994dd5b1a4939170a260b36f04"
                + "27a8a80866b063b948a07c230f7f578dd61785c93361b9871c0706ebfa6d06e3f4491dc9558c5202ed36"))
                .isInstanceOf(TransactionDecodingException.class)
                .hasMessageContaining("maxPriorityFeePerGas").hasMessageContaining("must not exceed maxFeePerGas");
    }
}
