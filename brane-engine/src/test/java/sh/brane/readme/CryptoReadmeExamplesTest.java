package sh.brane.readme;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Map;

import org.junit.jupiter.api.Test;

import sh.brane.core.crypto.Eip712;
import sh.brane.core.crypto.HdKey;
import sh.brane.core.crypto.Keystore;
import sh.brane.core.crypto.KeystoreException;
import sh.brane.core.crypto.Mnemonic;
import sh.brane.core.crypto.PersonalMessage;
import sh.brane.core.crypto.PrivateKey;
import sh.brane.core.crypto.Secp256k1;
import sh.brane.core.crypto.Signature;
import sh.brane.core.crypto.TypedData;
import sh.brane.core.types.Address;
import sh.brane.primitives.Hex;
import sh.brane.primitives.Keccak256;

/** The examples of the section "Keys and signing" in docs/engine.md, kept compiling and true. */
class CryptoReadmeExamplesTest {

    @Test
    void keysSignaturesPersonalSign() {
        PrivateKey key = PrivateKey.fromHex("0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80");
        Address me = key.address();                                  // 0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266

        Signature sig = key.signHash(Keccak256.hash("payload".getBytes(StandardCharsets.UTF_8)));
        Address signer = Secp256k1.recoverAddress(Keccak256.hash("payload".getBytes(StandardCharsets.UTF_8)), sig);

        // EIP-191 personal_sign: 65 bytes r || s || v with v = 27/28, as wallets return it
        byte[] walletSignature = PersonalMessage.sign("Sign in to example.com", key).toBytes65();
        Address who = PersonalMessage.recoverSigner("Sign in to example.com", walletSignature); // v 27/28 or 0/1
        boolean ok = PersonalMessage.verify("Sign in to example.com".getBytes(StandardCharsets.UTF_8), walletSignature, me);

        key.destroy();                                               // zeroes the secret; later use throws

        assertThat(me.toChecksumString()).isEqualTo("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266");
        assertThat(signer).isEqualTo(me);
        assertThat(who).isEqualTo(me);
        assertThat(ok).isTrue();
        assertThatThrownBy(key::toBytes).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void eip712() {
        PrivateKey cow = PrivateKey.fromBytes(Keccak256.hash("cow".getBytes(StandardCharsets.UTF_8)));
        TypedData mail = TypedData.builder()
                .domain(TypedData.Domain.of("Ether Mail", "1", 1, Address.of("0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC")))
                .type("Person", "string", "name", "address", "wallet")
                .type("Mail", "Person", "from", "Person", "to", "string", "contents")
                .message("Mail", Map.of(
                        "from", Map.of("name", "Cow", "wallet", "0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826"),
                        "to", Map.of("name", "Bob", "wallet", "0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB"),
                        "contents", "Hello, Bob!"))
                .build();
        byte[] digest = Eip712.digest(mail);          // 0xbe609aee343fb3c4b28e1df9e632fca64fcfaede20f02e86244efddf30957bd2
        Signature typedSig = Eip712.sign(mail, cow);  // cow = PrivateKey.fromBytes(Keccak256.hash("cow".getBytes(UTF_8)))

        String json = sh.brane.core.crypto.Eip712TestJson.MAIL;
        byte[] signature65 = typedSig.toBytes65();
        TypedData fromWallet = TypedData.fromJson(json);        // TypedDataException names the bad field
        Address typedSigner = Eip712.recoverSigner(fromWallet, signature65);

        assertThat(Hex.encode(digest)).isEqualTo("0xbe609aee343fb3c4b28e1df9e632fca64fcfaede20f02e86244efddf30957bd2");
        assertThat(typedSigner).isEqualTo(cow.address());
    }

    @Test
    void keystores() {
        PrivateKey key = PrivateKey.fromHex("0x7a28b5ba57c53603b0b07b56bba752f7784bf506fa95edc395f5cf6c7514fe9d");
        char[] password = "testpassword".toCharArray();
        String json = Keystore.encrypt(key, password);                    // scrypt N=2^18, r=8, p=1, AES-128-CTR
        PrivateKey back = Keystore.decrypt(json, password);               // char[] password, zeroed internally
        // a wrong password throws KeystoreException with isWrongPassword() == true

        assertThat(back.address()).isEqualTo(key.address());
        assertThatThrownBy(() -> Keystore.decrypt(json, "nope".toCharArray()))
                .isInstanceOfSatisfying(KeystoreException.class, e -> assertThat(e.isWrongPassword()).isTrue());
    }

    @Test
    void mnemonics() {
        Mnemonic mnemonic = Mnemonic.parse("test test test test test test test test test test test junk");
        PrivateKey account0 = mnemonic.ethereumAccount(0);               // m/44'/60'/0'/0/0 -> 0xf39F…2266
        HdKey node = mnemonic.masterKey("").derive("m/44'/60'/0'/0/7");  // any path; ' h H mark hardened
        Mnemonic fresh = Mnemonic.generate(24, new SecureRandom());

        assertThat(account0.address().toChecksumString()).isEqualTo("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266");
        assertThat(node.privateKey().address().toChecksumString()).isEqualTo("0x14dC79964da2C08b23698B3D3cc7Ca32193d9955");
        assertThat(Mnemonic.isValid(fresh.phrase())).isTrue();
        assertThat(fresh.wordCount()).isEqualTo(24);
    }
}
