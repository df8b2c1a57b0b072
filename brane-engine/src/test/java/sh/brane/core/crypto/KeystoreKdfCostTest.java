package sh.brane.core.crypto;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.security.SecureRandom;

import org.junit.jupiter.api.Test;

/**
 * Issue 11 item 9: a keystore file cannot ask for minutes of CPU by default, custom limits above what a Java
 * array holds give a clear error instead of an int overflow, and weak keystores are not written.
 */
class KeystoreKdfCostTest {

    private static final PrivateKey KEY =
            PrivateKey.fromHex("4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318");
    private static final char[] PW = "pw".toCharArray();

    /** A fast scrypt keystore whose kdfparams are then rewritten; decryption must refuse before any work. */
    private static String scryptFile(int n, int r, int p) {
        return Keystore.encrypt(KEY, PW, Keystore.Kdf.weakForTests(new Keystore.Kdf.Scrypt(16, 8, 1)), new SecureRandom())
                .replace("\"n\":16", "\"n\":" + n).replace("\"r\":8", "\"r\":" + r).replace("\"p\":1", "\"p\":" + p);
    }

    @Test
    void scryptWorkIsCappedByDefault() {
        // N = 2^20, r = 1, p = 64: 128 MiB and r*p = 64 were within the old limits, about a minute of CPU
        assertThatThrownBy(() -> Keystore.decrypt(scryptFile(1 << 20, 1, 64), PW))
                .isInstanceOf(KeystoreException.class)
                .hasMessageContaining("N*r*p = 67108864")
                .hasMessageContaining("KeystoreLimits.maxScryptWork = 2097152")
                .hasMessageContaining("decrypt it with KeystoreLimits");
    }

    @Test
    void pbkdf2IterationsAreCappedByDefault() {
        String file = Keystore.encrypt(KEY, PW, Keystore.Kdf.weakForTests(new Keystore.Kdf.Pbkdf2(2)), new SecureRandom())
                .replace("\"c\":2,", "\"c\":10000000,");
        assertThatThrownBy(() -> Keystore.decrypt(file, PW))
                .isInstanceOf(KeystoreException.class)
                .hasMessageContaining("c = 10000000")
                .hasMessageContaining("KeystoreLimits.maxPbkdf2Iterations = 1048576");
    }

    @Test
    void standardAndLightParametersStayWithinTheDefaults() {
        KeystoreLimits d = KeystoreLimits.DEFAULT;
        for (Keystore.Kdf.Scrypt s : new Keystore.Kdf.Scrypt[] {
                (Keystore.Kdf.Scrypt) Keystore.Kdf.STANDARD, (Keystore.Kdf.Scrypt) Keystore.Kdf.LIGHT,
                new Keystore.Kdf.Scrypt(1 << 18, 1, 8) /* the Web3 Secret Storage test vector */,
                new Keystore.Kdf.Scrypt(1 << 17, 8, 1) /* ethers */}) {
            assertThat((long) s.n() * s.r() * s.p()).isLessThanOrEqualTo(d.maxScryptWork());
            assertThat(128L * s.r() * s.n()).isLessThanOrEqualTo(d.maxScryptMemory());
            assertThat(s.n()).isLessThanOrEqualTo(d.maxScryptN());
        }
        assertThat(262_144).isLessThanOrEqualTo(d.maxPbkdf2Iterations());
        // and really decrypt: light scrypt and geth's PBKDF2 count
        for (Keystore.Kdf kdf : new Keystore.Kdf[] {Keystore.Kdf.LIGHT, new Keystore.Kdf.Pbkdf2(262_144)}) {
            String file = Keystore.encrypt(KEY, PW, kdf, new SecureRandom());
            assertThat(Keystore.decrypt(file, PW).address()).isEqualTo(KEY.address());
        }
    }

    @Test
    void customLimitsBeyondAJavaArrayAreAClearErrorNotAnOverflow() {
        // 128 * r * N = 2^37 bytes: the int product n * 32 * r used to wrap to 0 (ArrayIndexOutOfBoundsException)
        KeystoreLimits generous = new KeystoreLimits(1 << 24, Long.MAX_VALUE, 1 << 26, 10, Long.MAX_VALUE);
        assertThatThrownBy(() -> Keystore.decrypt(scryptFile(1 << 22, 256, 1), PW, generous))
                .isInstanceOf(KeystoreException.class)
                .hasMessageContaining("more than Java arrays hold")
                .hasMessageContaining("KeystoreLimits");
        // p * 128 * r wrapped too
        assertThatThrownBy(() -> Keystore.decrypt(scryptFile(2, 1 << 14, 1 << 11), PW, generous))
                .isInstanceOf(KeystoreException.class)
                .hasMessageContaining("more than Java arrays hold");
    }

    @Test
    void weakKeystoresAreNotWritten() {
        assertThatThrownBy(() -> Keystore.encrypt(KEY, PW, new Keystore.Kdf.Scrypt(1 << 10, 8, 1), new SecureRandom()))
                .isInstanceOf(KeystoreException.class)
                .hasMessageContaining("Keystore.MIN_SCRYPT_WORK = 131072")
                .hasMessageContaining("Keystore.Kdf.STANDARD");
        assertThatThrownBy(() -> Keystore.encrypt(KEY, PW, new Keystore.Kdf.Scrypt(1 << 14, 1, 8), new SecureRandom()))
                .isInstanceOf(KeystoreException.class)
                .hasMessageContaining("Keystore.MIN_SCRYPT_MEMORY");
        assertThatThrownBy(() -> Keystore.encrypt(KEY, PW, new Keystore.Kdf.Pbkdf2(100_000), new SecureRandom()))
                .isInstanceOf(KeystoreException.class)
                .hasMessageContaining("Keystore.MIN_PBKDF2_ITERATIONS = 262144");
        // the explicit test opt-in still writes (and the file reads back)
        String weak = Keystore.encrypt(KEY, PW, Keystore.Kdf.weakForTests(new Keystore.Kdf.Scrypt(1 << 10, 8, 1)),
                new SecureRandom());
        assertThat(Keystore.decrypt(weak, PW).address()).isEqualTo(KEY.address());
    }
}
