package sh.brane.core.tx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

import sh.brane.core.crypto.PrivateKey;
import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;

/** Every builder rejects missing and out-of-range fields with a message naming the field. */
class BuilderValidationTest {

    private static final Address TO = Address.of("0x3535353535353535353535353535353535353535");
    private static final Hash BLOB = Hash.of("0x01" + "ab".repeat(31));
    private static final BigInteger TWO_256 = BigInteger.ONE.shiftLeft(256);
    private static final PrivateKey KEY = RandomTransactions.keys(5, 1)[0];

    private static void rejected(Executable build, String... parts) {
        assertThatThrownBy(build::execute).isInstanceOf(InvalidTransactionException.class).satisfies(e -> {
            for (String p : parts) {
                assertThat(e.getMessage()).contains(p);
            }
        });
    }

    private static Eip1559Transaction.Builder eip1559() {
        return Eip1559Transaction.builder().chainId(1).nonce(0).gasLimit(21_000).maxPriorityFeePerGas(1)
                .maxFeePerGas(2).to(TO);
    }

    private static SignedAuthorization auth() {
        return new Authorization(1, TO, 0).sign(KEY);
    }

    @Test
    void requiredFields() {
        rejected(() -> Eip1559Transaction.builder().nonce(0).gasLimit(1).maxFeePerGas(1).maxPriorityFeePerGas(1).to(TO)
                .build(), "chainId is not set");
        rejected(() -> Eip1559Transaction.builder().chainId(1).gasLimit(1).maxFeePerGas(1).maxPriorityFeePerGas(1)
                .to(TO).build(), "nonce is not set");
        rejected(() -> Eip1559Transaction.builder().chainId(1).nonce(1).maxFeePerGas(1).maxPriorityFeePerGas(1).to(TO)
                .build(), "gasLimit is not set");
        rejected(() -> Eip1559Transaction.builder().chainId(1).nonce(1).gasLimit(1).maxFeePerGas(1)
                .maxPriorityFeePerGas(1).build(), "to is not set", "contractCreation()");
        rejected(() -> Eip1559Transaction.builder().chainId(1).nonce(1).gasLimit(1).maxPriorityFeePerGas(1).to(TO)
                .build(), "maxFeePerGas is not set");
        rejected(() -> Eip1559Transaction.builder().chainId(1).nonce(1).gasLimit(1).maxFeePerGas(1).to(TO).build(),
                "maxPriorityFeePerGas is not set");
        rejected(() -> Eip2930Transaction.builder().chainId(1).nonce(1).gasLimit(1).to(TO).build(), "gasPrice is not set");
        rejected(() -> LegacyTransaction.builder().chainId(1).nonce(1).gasLimit(1).to(TO).build(), "gasPrice is not set");
        rejected(() -> Eip4844Transaction.builder().chainId(1).nonce(1).gasLimit(1).maxFeePerGas(1)
                .maxPriorityFeePerGas(1).to(TO).blobVersionedHashes(List.of(BLOB)).build(), "maxFeePerBlobGas is not set");
    }

    @Test
    void legacyNeedsAChainIdOrAnExplicitOptOut() {
        rejected(() -> LegacyTransaction.builder().nonce(0).gasPrice(1).gasLimit(1).to(TO).build(),
                "chainId is not set", "withoutReplayProtection()");
        LegacyTransaction open = LegacyTransaction.builder().withoutReplayProtection().nonce(0).gasPrice(1)
                .gasLimit(21_000).to(TO).build();
        assertThat(open.isReplayProtected()).isFalse();
        assertThat(open.chainId()).isZero();
        assertThat(open.sign(KEY).v()).isIn(27L, 28L);
        LegacyTransaction bound = LegacyTransaction.builder().withoutReplayProtection().chainId(5).nonce(0)
                .gasPrice(1).gasLimit(21_000).to(TO).build();
        assertThat(bound.isReplayProtected()).isTrue();
        assertThat(bound.sign(KEY).v()).isIn(45L, 46L);
    }

    @Test
    void ranges() {
        rejected(() -> eip1559().chainId(0), "chainId must be between 1 and " + Transaction.MAX_CHAIN_ID + ", got 0");
        rejected(() -> eip1559().chainId(-1), "chainId must be between 1");
        rejected(() -> eip1559().chainId(Transaction.MAX_CHAIN_ID + 1), "chainId must be between 1");
        rejected(() -> eip1559().nonce(-1), "nonce must not be negative, got -1");
        rejected(() -> eip1559().gasLimit(-5), "gasLimit must not be negative, got -5");
        rejected(() -> eip1559().value(-1), "value must not be negative");
        rejected(() -> eip1559().value(BigInteger.valueOf(-1)), "value must not be negative");
        rejected(() -> eip1559().value(TWO_256), "value must fit in 256 bits", "257-bit");
        rejected(() -> eip1559().maxFeePerGas(TWO_256), "maxFeePerGas must fit in 256 bits");
        rejected(() -> eip1559().maxPriorityFeePerGas(-3), "maxPriorityFeePerGas must not be negative");
        rejected(() -> eip1559().maxPriorityFeePerGas(3).maxFeePerGas(2).build(),
                "maxPriorityFeePerGas (3) must not exceed maxFeePerGas (2)");
        rejected(() -> LegacyTransaction.builder().gasPrice(TWO_256), "gasPrice must fit in 256 bits");
        rejected(() -> eip1559().value(null), "value is not set");
        assertThat(eip1559().value(TWO_256.subtract(BigInteger.ONE)).build().value()).isEqualTo(TWO_256.subtract(BigInteger.ONE));
        assertThat(eip1559().chainId(Transaction.MAX_CHAIN_ID).nonce(Long.MAX_VALUE).gasLimit(Long.MAX_VALUE).build()
                .sign(KEY).transaction().nonce()).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void recipients() {
        rejected(() -> eip1559().to(null), "to is null", "contractCreation()");
        Eip1559Transaction deploy = eip1559().contractCreation().data("0x6000").build();
        assertThat(deploy.isContractCreation()).isTrue();
        assertThat(deploy.to()).isNull();
        assertThat(eip1559().build().isContractCreation()).isFalse();
        rejected(() -> Eip4844Transaction.builder().chainId(1).nonce(0).gasLimit(1).maxFeePerGas(1).maxPriorityFeePerGas(1)
                .maxFeePerBlobGas(1).blobVersionedHashes(List.of(BLOB)).contractCreation().build(),
                "EIP-4844 transactions cannot create contracts");
        rejected(() -> Eip7702Transaction.builder().chainId(1).nonce(0).gasLimit(1).maxFeePerGas(1).maxPriorityFeePerGas(1)
                .authorizations(auth()).contractCreation().build(), "EIP-7702 transactions cannot create contracts");
    }

    @Test
    void blobHashes() {
        Eip4844Transaction.Builder b = Eip4844Transaction.builder().chainId(1).nonce(0).gasLimit(1).maxFeePerGas(1)
                .maxPriorityFeePerGas(1).maxFeePerBlobGas(1).to(TO);
        rejected(b::build, "blobVersionedHashes must hold at least one hash");
        rejected(() -> b.blobVersionedHashes(List.of(Hash.of("0x02" + "00".repeat(31)))).build(),
                "blobVersionedHashes[0] has version byte 0x02");
        List<Hash> withNull = new ArrayList<>();
        withNull.add(BLOB);
        withNull.add(null);
        rejected(() -> b.blobVersionedHashes(withNull).build(), "blobVersionedHashes[1] is null");
        rejected(() -> b.blobVersionedHashes(null), "blobVersionedHashes is not set");
    }

    @Test
    void authorizations() {
        Eip7702Transaction.Builder b = Eip7702Transaction.builder().chainId(1).nonce(0).gasLimit(1).maxFeePerGas(1)
                .maxPriorityFeePerGas(1).to(TO);
        rejected(b::build, "authorizationList must hold at least one authorization");
        rejected(() -> b.authorizations(auth(), null).build(), "authorizationList[1] is null");
        rejected(() -> new Authorization(-1, TO, 0), "authorization chainId must not be negative");
        rejected(() -> new Authorization(1, null, 0), "authorization address is not set");
        rejected(() -> new Authorization(1, TO, -2), "authorization nonce must not be negative");
        assertThat(b.authorizations(auth()).build().authorizationList()).hasSize(1);
    }

    @Test
    void accessLists() {
        rejected(() -> new AccessListEntry(null, List.of()), "access list entry address is not set");
        rejected(() -> new AccessListEntry(TO, null), "storageKeys is null");
        rejected(() -> AccessListEntry.of(TO, BLOB, null), "null storage key at index 1");
        List<AccessListEntry> withNull = new ArrayList<>();
        withNull.add(null);
        rejected(() -> eip1559().accessList(withNull), "accessList has a null entry at index 0");
        rejected(() -> eip1559().accessList(null), "accessList is null");
    }

    @Test
    void transactionsAreImmutable() {
        byte[] data = {1, 2, 3};
        List<AccessListEntry> list = new ArrayList<>(List.of(AccessListEntry.of(TO, BLOB)));
        Eip1559Transaction tx = eip1559().data(data).accessList(list).build();
        data[0] = 9;
        list.clear();
        assertThat(tx.data()).containsExactly(1, 2, 3);
        tx.data()[1] = 7;
        assertThat(tx.data()).containsExactly(1, 2, 3);
        assertThat(tx.dataLength()).isEqualTo(3);
        assertThat(tx.accessList()).hasSize(1);
        assertThatThrownBy(() -> tx.accessList().clear()).isInstanceOf(UnsupportedOperationException.class);
        SignedTransaction signed = tx.sign(KEY);
        signed.rawBytes()[0] = 0;
        assertThat(signed.rawBytes()[0]).isEqualTo((byte) 2);
    }

    @Test
    void signingNeedsAKeyAndAValidSignature() {
        assertThatThrownBy(() -> eip1559().build().sign(null)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("private key is null");
        assertThatThrownBy(() -> SignedTransaction.of(eip1559().build(),
                sh.brane.core.crypto.Signature.of(BigInteger.ZERO, BigInteger.ONE, 0)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("between 1 and n - 1");
    }
}
