package sh.brane.readme;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import sh.brane.core.tx.SignedTransaction;
import sh.brane.primitives.InvalidEncodingException;
import sh.brane.rpc.HttpConfig;

/** The code of the section "Reliability and security: fuzzing" in docs/fuzzing.md, kept compiling and true. */
class FuzzingReadmeExamplesTest {

    @Test
    void untrustedInputAndSecretUrls() {
        String apiKey = "demo-key-123";
        byte[] untrustedBytes = {(byte) 0x02, (byte) 0xf8, (byte) 0xff};
        String rejected = null;

        HttpConfig config = HttpConfig.builder("https://eth-mainnet.g.alchemy.com/v2/" + apiKey)
                .name("alchemy")                     // what logs and errors show, never the URL
                .header("Authorization", "Bearer " + apiKey)
                .maxResponseSize(16 * 1024 * 1024)   // a larger body fails with FrameTooLargeException
                .build();
        System.out.println(config);                  // HttpConfig[alchemy https://eth-mainnet.g.alchemy.com]

        try {
            SignedTransaction tx = SignedTransaction.decode(untrustedBytes);
            System.out.println(tx.hash());
        } catch (InvalidEncodingException e) {       // all that malformed bytes ever throw
            rejected = e.getMessage();               // says what is wrong and where
        }

        // checks
        assertThat(config.toString()).isEqualTo("HttpConfig[alchemy https://eth-mainnet.g.alchemy.com]")
                .doesNotContain(apiKey);
        assertThat(rejected).isNotBlank();
    }
}
