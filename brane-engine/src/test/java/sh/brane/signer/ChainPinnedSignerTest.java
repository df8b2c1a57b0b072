package sh.brane.signer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.ExecutionException;

import org.junit.jupiter.api.Test;

import java.math.BigInteger;
import java.util.Map;

import sh.brane.core.crypto.Eip712;
import sh.brane.core.crypto.PrivateKey;
import sh.brane.core.crypto.Secp256k1;
import sh.brane.core.crypto.TypedData;
import sh.brane.core.tx.Authorization;
import sh.brane.core.tx.Eip1559Transaction;
import sh.brane.core.tx.LegacyTransaction;
import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;

/**
 * A pinned signer signs for its chain only: transactions, EIP-712 domains and EIP-7702 authorizations are checked
 * against it, and raw digests (which carry no chain) are refused without an opt-in.
 */
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

    static final Address TOKEN = Address.of("0x5FbDB2315678afecb367f032d93F642f64180aa3");

    static TypedData permit(TypedData.Domain domain) {
        return TypedData.builder().domain(domain)
                .type("Permit", "address", "owner", "address", "spender", "uint256", "value", "uint256", "nonce",
                        "uint256", "deadline")
                .message("Permit", Map.of("owner", KEY.address(), "spender", TOKEN, "value", BigInteger.TEN,
                        "nonce", BigInteger.ZERO, "deadline", BigInteger.valueOf(4_000_000_000L)))
                .build();
    }

    @Test
    void refusesARawDigestEvenTheSigningHashOfItsOwnChainsTransaction() {
        Hash otherChain = onChain(137).signingHash();
        assertThatThrownBy(() -> signer.signDigest(otherChain)).isInstanceOf(SignerException.class)
                .hasMessageContaining("signer 'treasury'").hasMessageContaining("raw digest")
                .hasMessageContaining("chain 1 only").hasMessageContaining("allowRawDigests()");
        assertThatThrownBy(() -> signer.signDigestAsync(otherChain).get()).cause()
                .isInstanceOf(SignerException.class);
    }

    @Test
    void signsRawDigestsOnlyWhenAllowed() {
        ChainPinnedSigner raw = ChainPinnedSigner.builder(new LocalSigner("treasury", KEY), 1).allowRawDigests().build();
        Hash digest = onChain(137).signingHash();
        assertThat(Secp256k1.recoverAddress(digest.toBytes(), raw.signDigest(digest))).isEqualTo(KEY.address());
        assertThat(raw.allowsRawDigests()).isTrue();
    }

    @Test
    void refusalsNameTheOptInPropertyWhenConfiguredFromProperties() {
        ChainPinnedSigner configured = ChainPinnedSigner.builder(new LocalSigner("treasury", KEY), 1)
                .configuredBy("brane.signers.treasury").build();
        assertThatThrownBy(() -> configured.signDigest(Hash.of("0x" + "11".repeat(32))))
                .hasMessageContaining("brane.signers.treasury.allow-raw-digest=true");
        assertThatThrownBy(() -> configured.signTypedData(permit(new TypedData.Domain("Token", "1", null, TOKEN, null))))
                .hasMessageContaining("brane.signers.treasury.allow-domains-without-chain-id=true");
    }

    @Test
    void signsTypedDataForThePinnedChain() {
        TypedData data = permit(TypedData.Domain.of("Token", "1", 1, TOKEN));
        assertThat(Eip712.recoverSigner(data, signer.signTypedData(data).toBytes65())).isEqualTo(KEY.address());
    }

    @Test
    void refusesTypedDataForAnotherChain() {
        TypedData polygon = permit(TypedData.Domain.of("Token", "1", 137, TOKEN));
        assertThatThrownBy(() -> signer.signTypedData(polygon)).isInstanceOf(SignerException.class)
                .hasMessageContaining("domain is for chain 137").hasMessageContaining("chain 1 only");
        assertThatThrownBy(() -> signer.signTypedDataWithoutChainId(polygon)).isInstanceOf(SignerException.class)
                .hasMessageContaining("chain 137");
    }

    @Test
    void readsTheDomainChainIdAsItIsHashedFromJson() {
        String json = """
                {"types":{"EIP712Domain":[{"name":"name","type":"string"},{"name":"chainId","type":"uint256"}],
                 "Mail":[{"name":"contents","type":"string"}]},
                 "primaryType":"Mail","domain":{"name":"x","chainId":"0x89"},"message":{"contents":"hi"}}""";
        assertThatThrownBy(() -> signer.signTypedData(TypedData.fromJson(json))).isInstanceOf(SignerException.class)
                .hasMessageContaining("chain 137");
        assertThat(signer.signTypedData(TypedData.fromJson(json.replace("\"0x89\"", "1")))).isNotNull();
    }

    @Test
    void aDomainWithoutChainIdTakesAnExplicitOptIn() {
        TypedData anyChain = permit(new TypedData.Domain("Token", "1", null, TOKEN, null));
        assertThatThrownBy(() -> signer.signTypedData(anyChain)).isInstanceOf(SignerException.class)
                .hasMessageContaining("no chainId").hasMessageContaining("signTypedDataWithoutChainId");
        assertThat(Eip712.recoverSigner(anyChain, signer.signTypedDataWithoutChainId(anyChain).toBytes65()))
                .isEqualTo(KEY.address());
        ChainPinnedSigner lenient = ChainPinnedSigner.builder(new LocalSigner("treasury", KEY), 1)
                .allowDomainsWithoutChainId().build();
        assertThat(lenient.signTypedData(anyChain)).isNotNull();
        assertThatThrownBy(() -> lenient.signTypedData(permit(TypedData.Domain.of("Token", "1", 5, TOKEN))))
                .hasMessageContaining("chain 5");
    }

    @Test
    void signsAuthorizationsForThePinnedChainOrExplicitlyForEveryChain() {
        Authorization mine = new Authorization(1, TOKEN, 0);
        assertThat(signer.signAuthorization(mine).signature())
                .isEqualTo(mine.sign(KEY).signature());
        assertThat(signer.signAuthorization(Authorization.forEveryChain(TOKEN, 0))).isNotNull();
        assertThatThrownBy(() -> signer.signAuthorization(new Authorization(137, TOKEN, 0)))
                .isInstanceOf(SignerException.class).hasMessageContaining("authorization for chain 137")
                .hasMessageContaining("chain 1 only");
    }

    @Test
    void signsPersonalMessagesWhosePrefixKeepsThemOffEveryChain() {
        assertThat(signer.signMessage("log in".getBytes(java.nio.charset.StandardCharsets.UTF_8))).isNotNull();
    }
}
