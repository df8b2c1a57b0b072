package sh.brane.devnet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.Arrays;

import org.junit.jupiter.api.Test;

class LocalSoftHsmTest {

    @Test
    void generatesAKeyInsideAFreshTokenAndReadsBackItsPublicPoint() throws Exception {
        assumeTrue(LocalSoftHsm.installed(), LocalSoftHsm.NOT_INSTALLED);
        LocalSoftHsm.createToken("devnet-test", "1234");
        byte[] first = LocalSoftHsm.generateKey("devnet-test", "1234", "k1", "01");
        byte[] second = LocalSoftHsm.generateKey("devnet-test", "1234", "k2", "02");
        assertThat(first).hasSize(64);
        assertThat(second).hasSize(64);
        assertThat(first).isNotEqualTo(second);
    }

    @Test
    void aWrongPinFailsWithTheToolsMessage() throws Exception {
        assumeTrue(LocalSoftHsm.installed(), LocalSoftHsm.NOT_INSTALLED);
        LocalSoftHsm.createToken("devnet-pin", "1234");
        assertThatThrownBy(() -> LocalSoftHsm.generateKey("devnet-pin", "9999", "k", "01"))
                .isInstanceOf(IllegalStateException.class).hasMessageStartingWith("pkcs11-tool failed (exit");
    }

    @Test
    void rejectsDerThatDoesNotEndInAnUncompressedPoint() {
        byte[] der = new byte[88];
        der[20] = 0x03;
        der[21] = 0x42;
        der[23] = 0x04;
        Arrays.fill(der, 24, 88, (byte) 7);
        assertThat(LocalSoftHsm.uncompressedPoint(der, "k")).hasSize(64).containsOnly(7);
        der[23] = 0x02;
        assertThatThrownBy(() -> LocalSoftHsm.uncompressedPoint(der, "k"))
                .hasMessage("public key 'k' from pkcs11-tool is not an uncompressed secp256k1 point (88 bytes of DER)");
        assertThatThrownBy(() -> LocalSoftHsm.uncompressedPoint(new byte[10], "k")).hasMessageContaining("10 bytes");
    }
}
