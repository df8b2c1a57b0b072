package sh.brane.core.crypto;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.reflect.Field;

import org.junit.jupiter.api.Test;

import sh.brane.primitives.Hex;

class PrivateKeyTest {

    private static final String KEY = "ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";

    @Test
    void destroyZeroesTheSecretAndEveryLaterUseFails() throws Exception {
        PrivateKey key = PrivateKey.fromHex(KEY);
        Field secretField = PrivateKey.class.getDeclaredField("secret");
        secretField.setAccessible(true);
        byte[] secret = (byte[]) secretField.get(key);
        assertThat(Hex.encodeNoPrefix(secret)).isEqualTo(KEY);

        key.destroy();
        assertThat(key.isDestroyed()).isTrue();
        assertThat(secret).containsOnly((byte) 0);
        byte[] hash = new byte[32];
        for (Runnable use : new Runnable[] {() -> key.signHash(hash), key::toBytes, key::address, key::publicKey,
            () -> key.signPersonalMessage(new byte[1])}) {
            assertThatThrownBy(use::run).isInstanceOf(IllegalStateException.class)
                    .hasMessage("private key of 0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266 has been destroyed".replace(
                            "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266", "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"));
        }
        assertThat(key.toString()).isEqualTo("PrivateKey[address=0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266, destroyed]");
    }

    @Test
    void holdsNoScalarField() {
        for (Field f : PrivateKey.class.getDeclaredFields()) {
            assertThat(f.getType()).as(f.getName()).isNotEqualTo(java.math.BigInteger.class);
        }
    }

    @Test
    void toStringShowsOnlyTheAddress() {
        assertThat(PrivateKey.fromHex("0x" + KEY).toString())
                .isEqualTo("PrivateKey[address=0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266]");
    }

    @Test
    void rejectsOutOfRangeAndMalformedKeys() {
        assertThatThrownBy(() -> PrivateKey.fromHex("00".repeat(32))).hasMessageContaining("out of range");
        assertThatThrownBy(() -> PrivateKey.fromHex("ff".repeat(32))).hasMessageContaining("out of range");
        assertThatThrownBy(() -> PrivateKey.fromHex(KEY.substring(2))).hasMessageContaining("64 hex digits");
        assertThatThrownBy(() -> PrivateKey.fromHex("zz" + KEY.substring(2))).hasMessageContaining("not valid hex")
                .hasMessageNotContaining(KEY.substring(2, 20));
        assertThatThrownBy(() -> PrivateKey.fromBytes(new byte[31])).hasMessageContaining("32 bytes");
    }
}
