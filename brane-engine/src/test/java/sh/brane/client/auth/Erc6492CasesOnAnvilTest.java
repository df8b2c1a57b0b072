package sh.brane.client.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.Arrays;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import sh.brane.client.BlockTag;
import sh.brane.client.BraneClient;
import sh.brane.client.Contract;
import sh.brane.client.RevertException;
import sh.brane.core.abi.Abi;
import sh.brane.core.crypto.PersonalMessage;
import sh.brane.core.crypto.PrivateKey;
import sh.brane.core.types.Address;
import sh.brane.devnet.Anvil;
import sh.brane.devnet.junit.WithAnvil;
import sh.brane.primitives.Keccak256;
import sh.brane.rpc.HttpProvider;

/**
 * The ERC-6492 cases that {@link SignatureVerifierOnAnvilTest} leaves out, on a real Anvil: a deployed account whose
 * signature needs the wrapper's call as a "prepare" call (the ERC's third verifier step), the reference
 * implementation's tests of keys (AmbireTech/signature-validator: a tampered signature answers false), a key's
 * signature wrapped for a factory, and malformed wrappers, which the verifier answers as invalid with the fault
 * named while the deployless validator itself, given them directly, reverts and never answers valid.
 *
 * <p>The "prepare" account is SmartWallet, whose owner can be handed over by anyone holding the owner's signature
 * of {@code keccak256(wallet, next owner)}: the next owner can sign for the wallet before the hand-over is mined.
 */
@WithAnvil
class Erc6492CasesOnAnvilTest {
    private static final String MESSAGE = "Sign in to example.com";

    static Anvil anvil;
    static SmartWallets wallets;
    static HttpProvider provider;
    static BraneClient client;
    static SignatureVerifier verifier;
    static PrivateKey owner;
    static PrivateKey next;
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
        next = PrivateKey.fromHex(anvil.account(2).privateKey());
        stranger = PrivateKey.fromHex(anvil.account(3).privateKey());
    }

    @AfterAll
    static void close() {
        wallets.close();
    }

    // ------------------------------------------------------------------ prepare

    @Test
    void aDeployedAccountThatNeedsItsPrepareCallSignsThroughTheWrapper() {
        Address wallet = wallets.deployWallet(owner.address());
        byte[] prepare = handOver(wallet, next.address(), owner);
        byte[] byNext = PersonalMessage.sign(MESSAGE, next).toBytes65();

        SignatureVerification plain = verifier.verifyMessage(wallet, MESSAGE, byNext);
        assertThat(plain.valid()).as("the account as it is refuses the next owner").isFalse();
        assertThat(plain.method()).isEqualTo(SignatureVerification.Method.ERC1271);

        SignatureVerification prepared = verifier.verifyMessage(wallet, MESSAGE, Erc6492.wrap(wallet, prepare, byNext));
        assertThat(prepared.valid()).as(prepared.toString()).isTrue();
        assertThat(prepared.method()).isEqualTo(SignatureVerification.Method.ERC6492);
        assertThat(owner(wallet)).as("the prepare call ran inside eth_call only").isEqualTo(owner.address());

        SignatureVerification preparedForAnother = verifier.verifyMessage(wallet, MESSAGE,
                Erc6492.wrap(wallet, prepare, PersonalMessage.sign(MESSAGE, stranger).toBytes65()));
        assertThat(preparedForAnother.valid()).as("prepared, but signed by neither owner").isFalse();
        assertThat(preparedForAnother.reason()).contains("did not answer isValidSignature with 0x1626ba7e");
    }

    @Test
    void aPrepareCallThatRevertsIsRefusedWithItsReason() {
        Address wallet = wallets.deployWallet(owner.address());
        byte[] forged = handOver(wallet, next.address(), stranger);

        SignatureVerification refused = verifier.verifyMessage(wallet, MESSAGE,
                Erc6492.wrap(wallet, forged, PersonalMessage.sign(MESSAGE, next).toBytes65()));

        assertThat(refused.valid()).isFalse();
        assertThat(refused.method()).isEqualTo(SignatureVerification.Method.ERC6492);
        assertThat(refused.reason()).contains("factory call to " + wallet, "not signed by the owner");
    }

    // ------------------------------------------------------------------ keys

    /** AmbireTech/signature-validator's first test: a key's signature with its last three bytes changed. */
    @Test
    void aKeysSignatureWithATamperedTailIsInvalidNotAnError() {
        byte[] signature = PersonalMessage.sign(MESSAGE, owner).toBytes65();
        byte[] tampered = signature.clone();
        Arrays.fill(tampered, 62, 65, (byte) 0x11);

        assertThat(verifier.verifyMessage(owner.address(), MESSAGE, signature).valid()).isTrue();
        SignatureVerification refused = verifier.verifyMessage(owner.address(), MESSAGE, tampered);
        assertThat(refused.valid()).isFalse();
        assertThat(refused.method()).isEqualTo(SignatureVerification.Method.ECRECOVER);
        assertThat(refused.reason()).contains("v must be 0, 1, 27 or 28, got 17");
    }

    /** A key has no code and a factory cannot give it any: a wrapped signature of a key is refused, saying so. */
    @Test
    void aKeysSignatureWrappedForAFactoryIsRefused() {
        byte[] wrapped = Erc6492.wrap(factory.address(), factoryAbi.encodeCall("deploy", owner.address(), SmartWallets.salt()),
                PersonalMessage.sign(MESSAGE, owner).toBytes65());

        SignatureVerification refused = verifier.verifyMessage(owner.address(), MESSAGE, wrapped);

        assertThat(refused.valid()).isFalse();
        assertThat(refused.method()).isEqualTo(SignatureVerification.Method.ERC6492);
        assertThat(refused.reason()).contains("left no code at the signer's address");
    }

    // ------------------------------------------------------------------ malformed wrappers

    @Test
    void malformedWrappersAreInvalidAndTheValidatorItselfNeverCallsThemValid() {
        byte[] salt = SmartWallets.salt();
        Address wallet = (Address) factory.callSingle("addressOf", owner.address(), salt);
        byte[] good = Erc6492.wrap(factory.address(), factoryAbi.encodeCall("deploy", owner.address(), salt),
                PersonalMessage.sign(MESSAGE, owner).toBytes65());
        assertThat(verifier.verifyMessage(wallet, MESSAGE, good).valid()).isTrue();

        byte[] truncated = withoutWordBeforeTheSuffix(good);
        byte[] hugeLength = good.clone();
        hugeLength[3 * 32] = (byte) 0x80; // the calldata's length word: 2^255
        for (byte[] bad : new byte[][] {truncated, hugeLength}) {
            SignatureVerification refused = verifier.verifyMessage(wallet, MESSAGE, bad);
            assertThat(refused.valid()).isFalse();
            assertThat(refused.method()).isEqualTo(SignatureVerification.Method.ERC6492);
            assertThat(refused.reason()).contains("abi.encode(address factory, bytes factoryCalldata, bytes signature)");

            assertThatThrownBy(() -> client.call(DeploylessValidator.request(wallet, PersonalMessage.hash(MESSAGE),
                    bad), BlockTag.LATEST)).as("the deployless validator's abi.decode reverts")
                    .isInstanceOf(RevertException.class);
        }
    }

    // ------------------------------------------------------------------ helpers

    /** The prepare call: {@code setOwnerSigned(next, signature by signer of keccak256(wallet, next))}. */
    private static byte[] handOver(Address wallet, Address nextOwner, PrivateKey signer) {
        byte[] packed = new byte[40];
        System.arraycopy(wallet.toBytes(), 0, packed, 0, 20);
        System.arraycopy(nextOwner.toBytes(), 0, packed, 20, 20);
        byte[] signature = signer.signHash(Keccak256.hash(packed)).toBytes65();
        return walletAbi.encodeCall("setOwnerSigned", nextOwner, signature);
    }

    private static Address owner(Address wallet) {
        return (Address) Contract.at(wallet, walletAbi, client).callSingle("owner");
    }

    private static byte[] withoutWordBeforeTheSuffix(byte[] wrapped) {
        byte[] cut = Arrays.copyOf(wrapped, wrapped.length - 32);
        System.arraycopy(Erc6492.suffix(), 0, cut, cut.length - 32, 32);
        return cut;
    }
}
