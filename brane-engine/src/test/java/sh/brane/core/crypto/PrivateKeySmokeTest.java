package sh.brane.core.crypto;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.web3j.crypto.Credentials;
import org.web3j.crypto.Sign;

import sh.brane.primitives.Hex;
import sh.brane.primitives.Keccak256;

class PrivateKeySmokeTest {

    // Anvil's first default account
    private static final String KEY = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";

    @Test
    void derivesAnvilAccountZero() {
        assertThat(PrivateKey.fromHex(KEY).address().toChecksumString())
                .isEqualTo("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266");
    }

    @Test
    void signsLikeWeb3j() {
        byte[] hash = Keccak256.hash("hello".getBytes());
        Signature ours = PrivateKey.fromHex(KEY).signHash(hash);
        Sign.SignatureData theirs = Sign.signMessage(hash, Credentials.create(KEY).getEcKeyPair(), false);
        assertThat(Hex.encode(ours.rBytes())).isEqualTo(Hex.encode(theirs.getR()));
        assertThat(Hex.encode(ours.sBytes())).isEqualTo(Hex.encode(theirs.getS()));
        assertThat(27 + ours.yParity()).isEqualTo(theirs.getV()[0] & 0xFF);
    }
}
