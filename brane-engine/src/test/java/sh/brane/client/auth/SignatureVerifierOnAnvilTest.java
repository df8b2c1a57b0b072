package sh.brane.client.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.ServerSocket;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import sh.brane.client.BlockTag;
import sh.brane.client.BraneClient;
import sh.brane.client.Contract;
import sh.brane.client.SigningClient;
import sh.brane.client.TxRequest;
import sh.brane.core.abi.Abi;
import sh.brane.core.crypto.Eip712;
import sh.brane.core.crypto.PersonalMessage;
import sh.brane.core.crypto.PrivateKey;
import sh.brane.core.crypto.TypedData;
import sh.brane.core.tx.Authorization;
import sh.brane.core.tx.SignedAuthorization;
import sh.brane.core.types.Address;
import sh.brane.devnet.Anvil;
import sh.brane.devnet.junit.WithAnvil;
import sh.brane.primitives.Hex;
import sh.brane.rpc.BraneRpcException;
import sh.brane.rpc.HttpProvider;

/**
 * The three kinds of account on a real Anvil: keys, a deployed ERC-1271 contract wallet (SmartWallet.sol, valid when
 * ecrecover gives its owner) and counterfactual wallets of the same kind, deployed by a CREATE2 factory only inside
 * the deployless ERC-6492 call. Each test uses wallets of its own (fresh salts), so the order does not matter.
 */
@WithAnvil
class SignatureVerifierOnAnvilTest {
    private static final String MESSAGE = "Sign in to example.com";

    static Anvil anvil;
    static SmartWallets wallets;
    static HttpProvider provider;
    static BraneClient client;
    static SignatureVerifier verifier;
    static PrivateKey owner;
    static PrivateKey stranger;
    static Abi walletAbi;
    static Abi factoryAbi;
    static Contract factory;

    @BeforeAll
    static void deployFactory() throws IOException {
        wallets = SmartWallets.deploy(anvil);
        provider = wallets.provider;
        client = wallets.client;
        walletAbi = wallets.walletAbi;
        factoryAbi = wallets.factoryAbi;
        factory = wallets.factory;
        verifier = new SignatureVerifier(client);
        owner = PrivateKey.fromHex(anvil.account(1).privateKey());
        stranger = PrivateKey.fromHex(anvil.account(2).privateKey());
    }

    @AfterAll
    static void close() {
        wallets.close();
    }

    // ------------------------------------------------------------------ keys

    @Test
    void aKeysSignatureIsRecovered() {
        byte[] signature = PersonalMessage.sign(MESSAGE, owner).toBytes65();

        SignatureVerification ok = verifier.verifyMessage(owner.address(), MESSAGE, signature);
        assertThat(ok.valid()).isTrue();
        assertThat(ok.method()).isEqualTo(SignatureVerification.Method.ECRECOVER);

        SignatureVerification other = verifier.verifyMessage(stranger.address(), MESSAGE, signature);
        assertThat(other.valid()).isFalse();
        assertThat(other.reason()).contains("made by " + owner.address(), "not by " + stranger.address());

        SignatureVerification truncated = verifier.verifyMessage(owner.address(), MESSAGE, new byte[64]);
        assertThat(truncated.valid()).isFalse();
        assertThat(truncated.reason()).contains("65 bytes");
    }

    // ------------------------------------------------------------------ ERC-1271

    @Test
    void aDeployedWalletAnswersForItsOwnersSignature() {
        Address wallet = wallets.deployWallet(owner.address());
        byte[] byOwner = PersonalMessage.sign(MESSAGE, owner).toBytes65();

        SignatureVerification ok = verifier.verifyMessage(wallet, MESSAGE, byOwner);
        assertThat(ok.valid()).isTrue();
        assertThat(ok.method()).isEqualTo(SignatureVerification.Method.ERC1271);
        assertThat(verifier.verifyMessage(owner.address(), MESSAGE, byOwner).method())
                .isEqualTo(SignatureVerification.Method.ECRECOVER);

        SignatureVerification refused = verifier.verifyMessage(wallet, MESSAGE,
                PersonalMessage.sign(MESSAGE, stranger).toBytes65());
        assertThat(refused.valid()).isFalse();
        assertThat(refused.method()).isEqualTo(SignatureVerification.Method.ERC1271);
        assertThat(refused.reason()).contains("0xffffffff", "not 0x1626ba7e");
    }

    @Test
    void anEip712DocumentSignedForAWallet() {
        Address wallet = wallets.deployWallet(owner.address());
        TypedData permit = TypedData.builder()
                .domain(TypedData.Domain.of("Brane", "1", anvil.chainId(), wallet))
                .type("Login", "address", "account", "string", "nonce")
                .message("Login", Map.of("account", wallet.toHex(), "nonce", "a1b2c3d4"))
                .build();

        assertThat(verifier.verifyTypedData(wallet, permit, Eip712.sign(permit, owner).toBytes65()).valid()).isTrue();
        assertThat(verifier.verifyTypedData(wallet, permit, Eip712.sign(permit, stranger).toBytes65()).valid())
                .isFalse();
        // the same signature over another document (the personal-message hash of its JSON) is refused
        assertThat(verifier.verifyMessage(wallet, MESSAGE, Eip712.sign(permit, owner).toBytes65()).valid())
                .isFalse();
    }

    @Test
    void aContractWithoutIsValidSignatureRefusesWithTheRevert() {
        SignatureVerification refused = verifier.verifyMessage(factory.address(), MESSAGE,
                PersonalMessage.sign(MESSAGE, owner).toBytes65());
        assertThat(refused.valid()).isFalse();
        assertThat(refused.method()).isEqualTo(SignatureVerification.Method.ERC1271);
        assertThat(refused.reason()).contains("isValidSignature reverted");
    }

    // ------------------------------------------------------------------ ERC-6492

    @Test
    void aCounterfactualWalletSignsBeforeItExists() {
        byte[] salt = SmartWallets.salt();
        Address wallet = wallets.addressOf(owner.address(), salt);
        byte[] deploy = factoryAbi.encodeCall("deploy", owner.address(), salt);
        byte[] wrapped = Erc6492.wrap(factory.address(), deploy, PersonalMessage.sign(MESSAGE, owner).toBytes65());

        SignatureVerification ok = verifier.verifyMessage(wallet, MESSAGE, wrapped);
        assertThat(ok.valid()).as(ok.toString()).isTrue();
        assertThat(ok.method()).isEqualTo(SignatureVerification.Method.ERC6492);
        assertThat(client.getCode(wallet)).as("the deployless call leaves the chain unchanged").isEmpty();

        byte[] byStranger = Erc6492.wrap(factory.address(), deploy,
                PersonalMessage.sign(MESSAGE, stranger).toBytes65());
        SignatureVerification refused = verifier.verifyMessage(wallet, MESSAGE, byStranger);
        assertThat(refused.valid()).isFalse();
        assertThat(refused.method()).isEqualTo(SignatureVerification.Method.ERC6492);
        assertThat(refused.reason()).contains("did not answer isValidSignature with 0x1626ba7e");
    }

    @Test
    void aWrapperThatDeploysAnotherAccountOrFailsIsRefusedWithWhy() {
        byte[] salt = SmartWallets.salt();
        Address wallet = wallets.addressOf(owner.address(), salt);
        byte[] signature = PersonalMessage.sign(MESSAGE, owner).toBytes65();

        byte[] otherSalt = factoryAbi.encodeCall("deploy", owner.address(), SmartWallets.salt());
        SignatureVerification elsewhere = verifier.verifyMessage(wallet, MESSAGE,
                Erc6492.wrap(factory.address(), otherSalt, signature));
        assertThat(elsewhere.valid()).isFalse();
        assertThat(elsewhere.reason()).contains("left no code at the signer's address");

        SignatureVerification failing = verifier.verifyMessage(wallet, MESSAGE,
                Erc6492.wrap(factory.address(), factoryAbi.encodeCall("fail"), signature));
        assertThat(failing.valid()).isFalse();
        assertThat(failing.reason()).contains("factory call to " + factory.address(), "factory refuses");

        byte[] junk = new byte[64 + 32];
        System.arraycopy(Erc6492.suffix(), 0, junk, 64, 32);
        SignatureVerification malformed = verifier.verifyMessage(wallet, MESSAGE, junk);
        assertThat(malformed.valid()).isFalse();
        assertThat(malformed.reason()).contains("abi.encode(address factory, bytes factoryCalldata, bytes signature)");
    }

    @Test
    void aWrappedSignatureStaysValidAfterDeploymentUntilTheKeyRotates() {
        byte[] salt = SmartWallets.salt();
        Address wallet = wallets.addressOf(owner.address(), salt);
        byte[] wrapped = Erc6492.wrap(factory.address(), factoryAbi.encodeCall("deploy", owner.address(), salt),
                PersonalMessage.sign(MESSAGE, owner).toBytes65());

        factory.send("deploy", owner.address(), salt);
        assertThat(client.getCode(wallet)).isNotEmpty();
        assertThat(verifier.verifyMessage(wallet, MESSAGE, wrapped).valid()).isTrue();

        Contract.at(wallet, walletAbi, new SigningClient(client, owner)).send("setOwner", stranger.address());
        SignatureVerification rotated = verifier.verifyMessage(wallet, MESSAGE, wrapped);
        assertThat(rotated.valid()).as("the deployed account is asked as it is now").isFalse();
        assertThat(rotated.method()).isEqualTo(SignatureVerification.Method.ERC6492);
        // the old block still holds the old owner
        long before = client.blockNumber() - 1;
        assertThat(verifier.atBlock(BlockTag.number(before)).verifyMessage(wallet, MESSAGE, wrapped).valid()).isTrue();
    }

    @Test
    void theDeploylessValidatorAgreesOnUnwrappedSignatures() {
        Address wallet = wallets.deployWallet(owner.address());
        byte[] hash = PersonalMessage.hash(MESSAGE);
        byte[] byOwner = PersonalMessage.sign(MESSAGE, owner).toBytes65();
        byte[] byStranger = PersonalMessage.sign(MESSAGE, stranger).toBytes65();
        assertThat(deployless(owner.address(), hash, byOwner)).isEqualTo("0x01");
        assertThat(deployless(stranger.address(), hash, byOwner)).isEqualTo("0x00");
        assertThat(deployless(wallet, hash, byOwner)).isEqualTo("0x01");
        assertThat(deployless(wallet, hash, byStranger)).isEqualTo("0x00");
    }

    // ------------------------------------------------------------------ EIP-7702

    @Test
    void anEoaThatDelegatesStillSignsWithItsKey() {
        PrivateKey authority = PrivateKey.fromHex(anvil.account(4).privateKey());
        long nonce = client.getTransactionCount(authority.address(), BlockTag.PENDING);
        // delegate to a contract without isValidSignature: the delegate reverts, the key still signs. The set-code
        // transaction goes elsewhere: a call to the authority itself would run the factory without calldata and revert
        SignedAuthorization delegation = new Authorization(client.chainId(), factory.address(), nonce).sign(authority);
        new SigningClient(client, PrivateKey.fromHex(anvil.account(3).privateKey()))
                .send(TxRequest.builder().to(stranger.address()).authorizations(List.of(delegation)).build());
        assertThat(Hex.encode(client.getCode(authority.address()))).startsWith("0xef0100");

        SignatureVerification ok = verifier.verifyMessage(authority.address(), MESSAGE,
                PersonalMessage.sign(MESSAGE, authority).toBytes65());
        assertThat(ok.valid()).as(ok.toString()).isTrue();
        assertThat(ok.method()).isEqualTo(SignatureVerification.Method.ECRECOVER);

        SignatureVerification refused = verifier.verifyMessage(authority.address(), MESSAGE,
                PersonalMessage.sign(MESSAGE, stranger).toBytes65());
        assertThat(refused.valid()).isFalse();
        assertThat(refused.reason()).contains("delegates with EIP-7702", "isValidSignature reverted",
                "made by " + stranger.address());
    }

    // ------------------------------------------------------------------ async and failures

    @Test
    void theAsyncFormGivesTheSameResults() throws Exception {
        Address wallet = wallets.deployWallet(owner.address());
        byte[] signature = PersonalMessage.sign(MESSAGE, owner).toBytes65();
        assertThat(verifier.verifyMessageAsync(wallet, MESSAGE, signature).get().valid()).isTrue();
        assertThat(verifier.verifyMessageAsync(stranger.address(), MESSAGE, signature).get().valid()).isFalse();
    }

    @Test
    void aNodeThatCannotBeReachedIsAnErrorNotAnInvalidSignature() throws IOException {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        try (HttpProvider down = HttpProvider.create("http://127.0.0.1:" + port);
                BraneClient unreachable = new BraneClient(down)) {
            SignatureVerifier offline = new SignatureVerifier(unreachable);
            byte[] signature = PersonalMessage.sign(MESSAGE, owner).toBytes65();
            assertThatThrownBy(() -> offline.verifyMessage(owner.address(), MESSAGE, signature))
                    .isInstanceOf(BraneRpcException.class);
            assertThatThrownBy(() -> offline.verifyMessageAsync(owner.address(), MESSAGE, signature).get())
                    .isInstanceOf(ExecutionException.class).hasCauseInstanceOf(BraneRpcException.class);
            byte[] wrapped = Erc6492.wrap(factory.address(), new byte[0], signature);
            assertThatThrownBy(() -> offline.verifyMessage(owner.address(), MESSAGE, wrapped))
                    .isInstanceOf(BraneRpcException.class);
        }
    }

    @Test
    void badArgumentsAreRefusedAtOnce() {
        byte[] signature = new byte[65];
        assertThatThrownBy(() -> verifier.verifyHash(owner.address(), new byte[31], signature))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("32 bytes, got 31");
        assertThatThrownBy(() -> verifier.verifyHash(null, new byte[32], signature))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("signer");
        assertThatThrownBy(() -> verifier.verifyHash(owner.address(), new byte[32], null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("signature is null");
    }

    // ------------------------------------------------------------------ helpers

    private static String deployless(Address signer, byte[] hash, byte[] signature) {
        return Hex.encode(client.call(DeploylessValidator.request(signer, hash, signature), BlockTag.LATEST));
    }
}
