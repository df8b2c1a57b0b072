package sh.brane.client.auth;

import java.time.Instant;

import sh.brane.core.types.Address;

/**
 * Signed sign-in messages published by spruceid/siwe (test/verification_positive.json): the fields, the signature of
 * the message they make, and the moment ({@code time}) at which the vector is valid.
 */
final class SiweVectors {

    record Vector(SiweMessage message, String signature, Instant time) {
    }

    static final Vector EXAMPLE = new Vector(login("0x9D85ca56217D2bb651b00f15e694EB7E713637D4", "bTyXgcQxn2htgkjJn",
            "2022-01-27T17:09:38.578Z").expirationTime(Instant.parse("2100-01-07T14:31:43.952Z")).build(),
            "0xdc35c7f8ba2720df052e0092556456127f00f7707eaa8e3bbff7e56774e7f2e05a093cfc9e02964c33d86e8e066e221b7d153d2"
                    + "7e5a2e97ccd5ca7d3f2ce06cb1b",
            Instant.parse("2023-01-01T00:00:00Z"));

    static final Vector NOT_YET_VALID = new Vector(login("0xE6D3Aa1F561A215E5eb1f02Ba8705385F03fCaFB", "lx2nx4so",
            "2022-01-05T14:27:30.883Z").notBefore(Instant.parse("2100-01-07T14:31:43.952Z")).build(),
            "0xc2539ace78f13c7eb8c0852d38d269a6f97bebd9f7872097d2e3137b541f8bf50176062a46eeea83086bd2721423fb5755a932f"
                    + "f6ccc046ed482d14e4576042f1c",
            Instant.parse("2101-01-07T14:31:43.952Z"));

    static final Vector EXPIRED = new Vector(login("0x2ecA0068307e706741445764A3D6A4402aC2A5a9", "lx2nx4so",
            "2022-01-05T14:27:30.883Z").expirationTime(Instant.parse("2021-01-05T00:00:00Z")).build(),
            "0x7337bc2826c7678cd6bc84f5b3b236efc969b0451f9feca2328b1d3401b030c113f19bdba359ba3f52762c66e9147311fa95fe5"
                    + "98a1a4ec9bb383a7b4e3874241b",
            Instant.parse("2020-01-05T00:00:00Z"));

    static final Vector TALLY = new Vector(SiweMessage.builder().domain("www.tally.xyz")
            .address(Address.of("0xc95EB884FE852e241D409234bfC7045CB9E31BD7")).statement("Sign in with Ethereum to Tally")
            .uri("https://tally.xyz").chainId(1).nonce("15050747").issuedAt(Instant.parse("2022-06-30T14:08:51.382Z"))
            .build(),
            "0x8c46b6eb8505939892d8e9b075f89f8277321b17b993151f37810cdda38cce6f4a85909d2b53e6a14629c74c0ac38bf4becde78"
                    + "ee5b2529812bf6cceaf7b2a2501",
            Instant.parse("2023-01-01T00:00:00Z"));

    private SiweVectors() {
    }

    private static SiweMessage.Builder login(String address, String nonce, String issuedAt) {
        return SiweMessage.builder().domain("login.xyz").address(Address.of(address))
                .statement("Sign-In With Ethereum Example Statement").uri("https://login.xyz").chainId(1).nonce(nonce)
                .issuedAt(Instant.parse(issuedAt));
    }
}
