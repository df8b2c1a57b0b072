package sh.brane.core.crypto;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;

import org.junit.jupiter.api.Test;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.Map;
import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import org.junit.jupiter.api.Tag;

import sh.brane.fuzzing.FuzzSupport;

/**
 * Fuzzes {@link Keystore#decrypt} on keystore JSON: only {@link KeystoreException} escapes, including
 * for KDF parameters above the limits (tight limits here, so each input costs microseconds, not a
 * second of scrypt). A file that decrypts re-encrypts to a file that decrypts to the same key. Seeds are
 * keystores encrypted with the password {@value #PASSWORD}, so the fuzzer reaches the MAC and cipher code.
 */
@Tag("fuzz")
class KeystoreFuzzTest {

    static final String PASSWORD = "fuzz";
    /** scrypt N up to 2^10 with r*p up to 8, PBKDF2 up to 1,000 iterations: fast enough to fuzz. */
    static final KeystoreLimits LIMITS = new KeystoreLimits(1 << 10, 1L << 20, 8, 1_000);

    @FuzzTest(maxDuration = "10s")
    void decrypt(FuzzedDataProvider provider) {
        check(provider.consumeRemainingAsBytes());
    }

    /** The properties, for one input. */
    static void check(byte[] input) {
        String json = new String(input, StandardCharsets.UTF_8);
        PrivateKey key = FuzzSupport.expectOnly(input,
                () -> Keystore.decrypt(json, PASSWORD.toCharArray(), LIMITS), KeystoreException.class);
        if (key == null) {
            return;
        }
        String again = Keystore.encrypt(key, PASSWORD.toCharArray(), Keystore.Kdf.weakForTests(new Keystore.Kdf.Pbkdf2(2)), new SecureRandom());
        PrivateKey back = Keystore.decrypt(again, PASSWORD.toCharArray(), LIMITS);
        assertThat(back.toBytes()).isEqualTo(key.toBytes());
        assertThat(back.address()).isEqualTo(key.address());
        key.destroy();
        back.destroy();
    }

    /** Seeds: keystores under cheap scrypt and PBKDF2 parameters, plus one over the limits. */
    @Test
    void seedCorpusReachesDecryption() {
        if (FuzzSupport.writingSeeds()) {
            PrivateKey key = PrivateKey.fromHex("4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318");
            SecureRandom random = new SecureRandom();
            Map<String, byte[]> seeds = new LinkedHashMap<>();
            seeds.put("seed-scrypt", Keystore.encrypt(key, PASSWORD.toCharArray(), Keystore.Kdf.weakForTests(new Keystore.Kdf.Scrypt(16, 8, 1)), random)
                    .getBytes(StandardCharsets.UTF_8));
            seeds.put("seed-scrypt-p2", Keystore.encrypt(key, PASSWORD.toCharArray(), Keystore.Kdf.weakForTests(new Keystore.Kdf.Scrypt(2, 1, 2)), random)
                    .getBytes(StandardCharsets.UTF_8));
            seeds.put("seed-pbkdf2", Keystore.encrypt(key, PASSWORD.toCharArray(), Keystore.Kdf.weakForTests(new Keystore.Kdf.Pbkdf2(3)), random)
                    .getBytes(StandardCharsets.UTF_8));
            seeds.put("seed-scrypt-over-limit", Keystore.encrypt(key, PASSWORD.toCharArray(), Keystore.Kdf.weakForTests(new Keystore.Kdf.Scrypt(1 << 11, 1, 1)), random)
                    .getBytes(StandardCharsets.UTF_8));
            FuzzSupport.writeSeeds(KeystoreFuzzTest.class, "decrypt", seeds);
        }
        List<byte[]> inputs = FuzzSupport.inputs(KeystoreFuzzTest.class, "decrypt");
        assertThat(inputs).hasSizeGreaterThanOrEqualTo(4);
        int decrypted = 0;
        for (byte[] in : inputs) {
            check(in);
            try {
                Keystore.decrypt(new String(in, StandardCharsets.UTF_8), PASSWORD.toCharArray(), LIMITS).destroy();
                decrypted++;
            } catch (KeystoreException e) {
                // over the limits or a regression input
            }
        }
        assertThat(decrypted).isGreaterThanOrEqualTo(3);
    }
}
