package sh.brane.core.crypto;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Random;

import org.bouncycastle.crypto.generators.SCrypt;
import org.junit.jupiter.api.Test;

import sh.brane.primitives.Hex;

class ScryptTest {

    @Test
    void rfc7914Vectors() {
        assertThat(Hex.encodeNoPrefix(Scrypt.generate(new byte[0], new byte[0], 16, 1, 1, 64))).isEqualTo(
                "77d6576238657b203b19ca42c18a0497f16b4844e3074ae8dfdffa3fede21442"
                        + "fcd0069ded0948f8326a753a0fc81f17e8d3e0fb2e0d3628cf35e20c38d18906");
        assertThat(Hex.encodeNoPrefix(Scrypt.generate("password".getBytes(StandardCharsets.US_ASCII),
                "NaCl".getBytes(StandardCharsets.US_ASCII), 1024, 8, 16, 64))).isEqualTo(
                "fdbabe1c9d3472007856e7190d01e9fe7c6ad7cbc8237830e77376634b373162"
                        + "2eaf30d92e22a3886ff109279d9830dac727afb94a83ee6d8360cbdfa2cc0640");
    }

    @Test
    void matchesBouncyCastleWhereItAppliesNoExtraRule() {
        Random random = new Random(7914);
        for (int i = 0; i < 200; i++) {
            byte[] password = new byte[random.nextInt(20)];
            byte[] salt = new byte[random.nextInt(40)];
            random.nextBytes(password);
            random.nextBytes(salt);
            int n = 2 << random.nextInt(8);
            int r = 1 + random.nextInt(4);
            int p = 1 + random.nextInt(3);
            int dkLen = 1 + random.nextInt(64);
            assertThat(Scrypt.generate(password, salt, n, r, p, dkLen))
                    .as("case %d n=%d r=%d p=%d", i, n, r, p)
                    .isEqualTo(SCrypt.generate(password, salt, n, r, p, dkLen));
        }
    }
}
