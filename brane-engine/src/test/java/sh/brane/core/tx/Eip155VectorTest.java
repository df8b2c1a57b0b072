package sh.brane.core.tx;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;

import org.junit.jupiter.api.Test;

import sh.brane.core.crypto.PrivateKey;
import sh.brane.core.types.Address;
import sh.brane.primitives.Hex;

/** The worked example in EIP-155 itself. */
class Eip155VectorTest {

    private static final String SIGNING_DATA =
            "0xec098504a817c800825208943535353535353535353535353535353535353535880de0b6b3a764000080018080";
    private static final String SIGNING_HASH = "0xdaf5a779ae972f972197303d7b574746c7ef83eadac0f2791ad23db92e4c8e53";
    private static final String RAW = "0xf86c098504a817c800825208943535353535353535353535353535353535353535880de0b6b3a7"
            + "6400008025a028ef61340bd939bc2195fe537567866003e1a15d3c71ff63e1590620aa636276a067cbe9d8997f761aecb70330"
            + "4b3800ccf555c9f3dc64214b297fb1966a3b6d83";

    private static LegacyTransaction tx() {
        return LegacyTransaction.builder()
                .chainId(1)
                .nonce(9)
                .gasPrice(20_000_000_000L)
                .gasLimit(21_000)
                .to(Address.of("0x3535353535353535353535353535353535353535"))
                .value(new BigInteger("1000000000000000000"))
                .build();
    }

    @Test
    void signingDataAndHash() {
        assertThat(Hex.encode(tx().signingPayload())).isEqualTo(SIGNING_DATA);
        assertThat(tx().signingHash().toHex()).isEqualTo(SIGNING_HASH);
    }

    @Test
    void signature() {
        PrivateKey key = PrivateKey.fromHex("0x4646464646464646464646464646464646464646464646464646464646464646");
        SignedTransaction signed = tx().sign(key);
        assertThat(signed.v()).isEqualTo(37);
        assertThat(signed.signature().r()).isEqualTo(new BigInteger(
                "18515461264373351373200002665853028612451056578545711640558177340181847433846"));
        assertThat(signed.signature().s()).isEqualTo(new BigInteger(
                "46948507304638947509940763649030358759909902576025900602547168820602576006531"));
        assertThat(signed.toHex()).isEqualTo(RAW);
        assertThat(Hex.encode(signed.rawBytes())).isEqualTo(RAW);
        assertThat(signed.sender()).isEqualTo(key.address());
    }

    @Test
    void decodesTheSignedVector() {
        SignedTransaction decoded = SignedTransaction.decode(RAW);
        assertThat(decoded.transaction()).isEqualTo(tx());
        assertThat(decoded.v()).isEqualTo(37);
        assertThat(decoded.toHex()).isEqualTo(RAW);
        assertThat(decoded.hasLowS()).isTrue();
        assertThat(decoded.sender()).isEqualTo(
                PrivateKey.fromHex("4646464646464646464646464646464646464646464646464646464646464646").address());
        assertThat(decoded.hash().toBytes()).isEqualTo(sh.brane.primitives.Keccak256.hash(Hex.decode(RAW)));
    }
}
