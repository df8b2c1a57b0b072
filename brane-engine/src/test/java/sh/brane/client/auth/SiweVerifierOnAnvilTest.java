package sh.brane.client.auth;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import sh.brane.client.BraneClient;
import sh.brane.client.Contract;
import sh.brane.core.abi.Abi;
import sh.brane.core.crypto.PersonalMessage;
import sh.brane.core.crypto.PrivateKey;
import sh.brane.core.types.Address;
import sh.brane.devnet.Anvil;
import sh.brane.devnet.junit.WithAnvil;
import sh.brane.primitives.Hex;
import sh.brane.rpc.HttpProvider;

/**
 * Sign-in on a real Anvil with chain id 1, the chain of spruceid/siwe's signed vectors: those vectors at their
 * moments, each check refusing with its field, and smart accounts (a deployed ERC-1271 wallet, a counterfactual one
 * through ERC-6492) signing in as keys do.
 */
@WithAnvil(chainId = 1)
class SiweVerifierOnAnvilTest {
    static Anvil anvil;
    static SmartWallets wallets;
    static HttpProvider provider;
    static BraneClient client;
    static SiweVerifier siwe;
    static PrivateKey owner;
    static PrivateKey stranger;
    static Abi factoryAbi;
    static Contract factory;

    @BeforeAll
    static void open() throws IOException {
        wallets = SmartWallets.deploy(anvil);
        provider = wallets.provider;
        client = wallets.client;
        factoryAbi = wallets.factoryAbi;
        factory = wallets.factory;
        siwe = new SiweVerifier(new SignatureVerifier(client));
        owner = PrivateKey.fromHex(anvil.account(1).privateKey());
        stranger = PrivateKey.fromHex(anvil.account(2).privateKey());
    }

    @AfterAll
    static void close() {
        wallets.close();
    }

    @Test
    void theSignedVectorsSignInAtTheirMoments() {
        for (SiweVectors.Vector v : new SiweVectors.Vector[] {SiweVectors.EXAMPLE, SiweVectors.NOT_YET_VALID,
                SiweVectors.EXPIRED, SiweVectors.TALLY}) {
            SiweVerification result = siwe.verify(v.message().toMessage(), Hex.decode(v.signature()),
                    SiweExpectations.of(v.message().domain(), v.message().nonce(), at(v.time())));
            assertThat(result.valid()).as(result.toString()).isTrue();
            assertThat(result.signature().method()).isEqualTo(SignatureVerification.Method.ECRECOVER);
        }
    }

    @Test
    void eachCheckRefusesNamingItsField() {
        SiweVectors.Vector v = SiweVectors.EXAMPLE;
        String text = v.message().toMessage();
        byte[] signature = Hex.decode(v.signature());
        SiweExpectations expected = SiweExpectations.of("login.xyz", v.message().nonce(), at(v.time()));

        assertRefused(siwe.verify(text, signature, SiweExpectations.of("evil.xyz", v.message().nonce(), at(v.time()))),
                "domain");
        assertRefused(siwe.verify(text, signature, SiweExpectations.of("login.xyz", "otherNonce1", at(v.time()))),
                "nonce");
        assertRefused(siwe.verify(text, signature, expected.withScheme("http")), "scheme");
        assertThat(siwe.verify(text, signature, expected.withScheme("https")).valid()).isTrue();
        assertRefused(siwe.verify(text, signature, SiweExpectations.of("login.xyz", v.message().nonce(),
                at(Instant.parse("2100-01-07T14:31:43.952Z")))), "expiration-time");
        SiweVectors.Vector later = SiweVectors.NOT_YET_VALID;
        assertRefused(siwe.verify(later.message().toMessage(), Hex.decode(later.signature()),
                SiweExpectations.of("login.xyz", later.message().nonce(), at(Instant.parse("2022-01-06T00:00:00Z")))),
                "not-before");
        // one changed character: the signature no longer matches the text
        SiweVerification tampered = siwe.verify(text.replace("Example Statement", "Example statement"), signature,
                expected);
        assertRefused(tampered, "signature");
        assertThat(tampered.reason()).contains("not by 0x9D85ca56217D2bb651b00f15e694EB7E713637D4");
        SiweVerification unreadable = siwe.verify(text.replace("Version: 1", "Version: 2"), signature, expected);
        assertRefused(unreadable, "version");
        assertThat(unreadable.message()).isNull();
    }

    @Test
    void aMessageForAnotherChainIsRefused() {
        SiweMessage other = login(owner.address(), 5);
        SiweVerification result = siwe.verify(other.toMessage(), sign(other, owner), expectations(other));
        assertRefused(result, "chain-id");
        assertThat(result.reason()).contains("chain 5", "serves chain 1");
    }

    @Test
    void smartAccountsSignInAsKeysDo() throws Exception {
        byte[] salt = SmartWallets.salt();
        factory.send("deploy", owner.address(), salt);
        Address deployed = (Address) factory.callSingle("addressOf", owner.address(), salt);
        SiweMessage m = login(deployed, 1);
        SiweVerification ok = siwe.verify(m.toMessage(), sign(m, owner), expectations(m));
        assertThat(ok.valid()).as(ok.toString()).isTrue();
        assertThat(ok.signature().method()).isEqualTo(SignatureVerification.Method.ERC1271);
        assertRefused(siwe.verify(m.toMessage(), sign(m, stranger), expectations(m)), "signature");

        byte[] later = SmartWallets.salt();
        Address counterfactual = (Address) factory.callSingle("addressOf", owner.address(), later);
        SiweMessage c = login(counterfactual, 1);
        byte[] wrapped = Erc6492.wrap(factory.address(), factoryAbi.encodeCall("deploy", owner.address(), later),
                sign(c, owner));
        SiweVerification early = siwe.verifyAsync(c.toMessage(), wrapped, expectations(c)).get();
        assertThat(early.valid()).as(early.toString()).isTrue();
        assertThat(early.signature().method()).isEqualTo(SignatureVerification.Method.ERC6492);
    }

    private static void assertRefused(SiweVerification result, String field) {
        assertThat(result.valid()).as(result.toString()).isFalse();
        assertThat(result.field()).as(result.toString()).isEqualTo(field);
        assertThat(result.reason()).isNotBlank();
    }

    private static SiweMessage login(Address account, long chainId) {
        Instant now = Instant.parse("2026-01-01T12:00:00Z");
        return SiweMessage.builder().domain("app.example").address(account).statement("Sign in to the app")
                .uri("https://app.example/login").chainId(chainId).nonce("n0nce" + Long.toString(System.nanoTime(), 36))
                .issuedAt(now).expirationTime(now.plusSeconds(600)).build();
    }

    private static SiweExpectations expectations(SiweMessage m) {
        return SiweExpectations.of("app.example", m.nonce(), at(m.issuedAt().instant().plusSeconds(60)));
    }

    private static byte[] sign(SiweMessage m, PrivateKey key) {
        return PersonalMessage.sign(m.toMessage(), key).toBytes65();
    }

    private static Clock at(Instant instant) {
        return Clock.fixed(instant, ZoneOffset.UTC);
    }
}
