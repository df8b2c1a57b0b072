package sh.brane.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.reflect.Field;
import java.security.SecureRandom;

import org.junit.jupiter.api.Test;

import sh.brane.core.crypto.HdKey;
import sh.brane.core.crypto.Keystore;
import sh.brane.core.crypto.Mnemonic;
import sh.brane.core.crypto.PrivateKey;

/**
 * {@code destroy()} really zeroes the secret arrays (read here by reflection, the arrays the objects sign
 * with, not copies), for keys made every way a user gets one: from hex, from a keystore, from a mnemonic
 * and from an HD derivation; and a destroyed object refuses every use.
 */
class DestroyZeroesSecretsTest {

    private static final String KEY = "4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318";
    private static final String PHRASE = "legal winner thank year wave sausage worth useful legal winner thank yellow";

    private static Object field(Object target, String name) throws ReflectiveOperationException {
        Field f = target.getClass().getDeclaredField(name);
        f.setAccessible(true);
        return f.get(target);
    }

    private static void assertPrivateKeyZeroedOnDestroy(PrivateKey key) throws ReflectiveOperationException {
        byte[] secret = (byte[]) field(key, "secret");
        assertThat(secret).hasSize(32).isEqualTo(key.toBytes()).isNotEqualTo(new byte[32]);
        key.destroy();
        assertThat(key.isDestroyed()).isTrue();
        assertThat(secret).containsOnly((byte) 0);
        assertThatThrownBy(() -> key.signHash(new byte[32])).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(key::toBytes).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void privateKeysFromEverySourceAreZeroed() throws Exception {
        assertPrivateKeyZeroedOnDestroy(PrivateKey.fromHex(KEY));
        assertPrivateKeyZeroedOnDestroy(PrivateKey.random(new SecureRandom()));
        PrivateKey original = PrivateKey.fromHex(KEY);
        String keystore = Keystore.encrypt(original, "pw".toCharArray(), Keystore.Kdf.weakForTests(new Keystore.Kdf.Pbkdf2(2)), new SecureRandom());
        assertPrivateKeyZeroedOnDestroy(Keystore.decrypt(keystore, "pw".toCharArray()));
        // the key that was encrypted is untouched by encrypting it
        assertThat(original.toBytes()).isEqualTo(sh.brane.primitives.Hex.decode(KEY));
        assertPrivateKeyZeroedOnDestroy(original);
        Mnemonic mnemonic = Mnemonic.parse(PHRASE);
        assertPrivateKeyZeroedOnDestroy(mnemonic.ethereumAccount(0));
        assertPrivateKeyZeroedOnDestroy(mnemonic.masterKey("").derive("m/44'/60'/0'/0/1").privateKey());
    }

    @Test
    void mnemonicIsZeroed() throws Exception {
        Mnemonic mnemonic = Mnemonic.parse(PHRASE);
        int[] indices = (int[]) field(mnemonic, "indices");
        assertThat(indices).hasSize(12).isNotEqualTo(new int[12]);
        mnemonic.destroy();
        assertThat(indices).containsOnly(0);
        assertThatThrownBy(mnemonic::phrase).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> mnemonic.ethereumAccount(0)).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void hdKeyIsZeroed() throws Exception {
        HdKey master = Mnemonic.parse(PHRASE).masterKey("");
        HdKey child = master.derive("m/44'/60'/0'");
        for (HdKey k : new HdKey[] {master, child}) {
            byte[] key = (byte[]) field(k, "key");
            byte[] chainCode = (byte[]) field(k, "chainCode");
            assertThat(key).isNotEqualTo(new byte[key.length]);
            assertThat(chainCode).isNotEqualTo(new byte[chainCode.length]);
            k.destroy();
            assertThat(key).containsOnly((byte) 0);
            assertThat(chainCode).containsOnly((byte) 0);
            assertThatThrownBy(k::toXprv).isInstanceOf(IllegalStateException.class);
            assertThatThrownBy(() -> k.derive("m/0")).isInstanceOf(IllegalStateException.class);
        }
    }
}
