package sh.brane.client.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import sh.brane.core.crypto.PersonalMessage;
import sh.brane.core.types.Address;
import sh.brane.primitives.Hex;

/** EIP-4361 messages: the EIP's examples, spruceid/siwe's signed vectors, and one bad input per field. */
class SiweMessageTest {

    /** The body shared by the EIP's three examples, after the first line. */
    private static final String EIP_BODY = """
            0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2

            I accept the ExampleOrg Terms of Service: https://example.com/tos

            URI: https://example.com/login
            Version: 1
            Chain ID: 1
            Nonce: 32891756
            Issued At: 2021-09-30T16:25:24Z
            Resources:
            - ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3jsgpdr4cjr3oz3evfyavhwq/
            - https://example.com/my-web2-claim.json""";

    private static final String WANTS = " wants you to sign in with your Ethereum account:\n";

    @ParameterizedTest
    @ValueSource(strings = {"example.com", "example.com:3388", "https://example.com"})
    void theEipsExamplesParseAndFormatBackExactly(String origin) {
        String text = origin + WANTS + EIP_BODY;
        SiweMessage m = SiweMessage.parse(text);
        assertThat(m.toMessage()).isEqualTo(text);
        assertThat(m.address()).isEqualTo(Address.of("0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2"));
        assertThat(m.statement()).isEqualTo("I accept the ExampleOrg Terms of Service: https://example.com/tos");
        assertThat(m.uri()).isEqualTo("https://example.com/login");
        assertThat(m.chainId()).isEqualTo(1);
        assertThat(m.nonce()).isEqualTo("32891756");
        assertThat(m.issuedAt().instant()).isEqualTo(Instant.parse("2021-09-30T16:25:24Z"));
        assertThat(m.expirationTime()).isNull();
        assertThat(m.requestId()).isNull();
        assertThat(m.resources()).containsExactly(
                "ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3jsgpdr4cjr3oz3evfyavhwq/",
                "https://example.com/my-web2-claim.json");
        switch (origin) {
            case "example.com:3388" -> assertThat(m.domain()).isEqualTo("example.com:3388");
            case "https://example.com" -> {
                assertThat(m.scheme()).isEqualTo("https");
                assertThat(m.domain()).isEqualTo("example.com");
            }
            default -> assertThat(m.scheme()).isNull();
        }
    }

    /** spruceid/siwe test/verification_positive.json: messages built from fields, signed by keys; v 27/28 and 0/1. */
    static Stream<Arguments> signedVectors() {
        return Stream.of(
                Arguments.of(SiweVectors.EXAMPLE, "0x9D85ca56217D2bb651b00f15e694EB7E713637D4"),
                Arguments.of(SiweVectors.NOT_YET_VALID, "0xE6D3Aa1F561A215E5eb1f02Ba8705385F03fCaFB"),
                Arguments.of(SiweVectors.EXPIRED, "0x2ecA0068307e706741445764A3D6A4402aC2A5a9"),
                Arguments.of(SiweVectors.TALLY, "0xc95EB884FE852e241D409234bfC7045CB9E31BD7"));
    }

    @ParameterizedTest
    @MethodSource("signedVectors")
    void messagesBuiltFromFieldsAreTheTextTheirSignersSigned(SiweVectors.Vector vector, String signer) {
        String text = vector.message().toMessage();
        assertThat(PersonalMessage.recoverSigner(text, Hex.decode(vector.signature()))).isEqualTo(Address.of(signer));
        assertThat(SiweMessage.parse(text)).isEqualTo(vector.message());
    }

    @Test
    void absentAndEmptyOptionalFieldsAreTold() {
        SiweMessage bare = SiweMessage.builder().domain("example.com")
                .address(Address.of("0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2")).uri("https://example.com")
                .chainId(1).nonce("abcdefgh").issuedAt(Instant.parse("2021-09-30T16:25:24Z")).build();
        String noStatement = bare.toMessage();
        assertThat(noStatement).isEqualTo("example.com" + WANTS + "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2\n\n\n"
                + "URI: https://example.com\nVersion: 1\nChain ID: 1\nNonce: abcdefgh\nIssued At: 2021-09-30T16:25:24Z");
        assertThat(SiweMessage.parse(noStatement)).isEqualTo(bare);

        SiweMessage empties = new SiweMessage(null, "example.com", bare.address(), "", bare.uri(), "1", 1,
                "abcdefgh", bare.issuedAt(), null, null, "", List.of());
        String text = empties.toMessage();
        assertThat(text).contains("Cc2\n\n\n\nURI:").endsWith("Z\nRequest ID: \nResources:");
        SiweMessage back = SiweMessage.parse(text);
        assertThat(back.statement()).isEmpty();
        assertThat(back.requestId()).isEmpty();
        assertThat(back.resources()).isEmpty();
        assertThat(back.toMessage()).isEqualTo(text);
    }

    @Test
    void timesKeepTheirWrittenForm() {
        String text = "example.com" + WANTS + "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2\n\n\nURI: https://example.com\n"
                + "Version: 1\nChain ID: 1\nNonce: abcdefgh\nIssued At: 2021-09-30t18:25:24.000+02:00\n"
                + "Expiration Time: 2021-09-30T16:30:00.5z\nNot Before: 2021-09-30T16:25:24-00:00\nRequest ID: r-1%20@x";
        SiweMessage m = SiweMessage.parse(text);
        assertThat(m.toMessage()).isEqualTo(text);
        assertThat(m.issuedAt().instant()).isEqualTo(Instant.parse("2021-09-30T16:25:24Z"));
        assertThat(m.expirationTime().instant()).isEqualTo(Instant.parse("2021-09-30T16:30:00.500Z"));
        assertThat(m.requestId()).isEqualTo("r-1%20@x");
    }

    /** One bad input per field: the message that carries it, and the field the error must name. */
    static Stream<Arguments> badInputs() {
        String good = "example.com" + WANTS + EIP_BODY;
        return Stream.of(
                Arguments.of(good.replace("0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2",
                        "0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2"), "address", "EIP-55"),
                Arguments.of(good.replace("0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2", "0xC02aaA39"), "address",
                        "40 hex digits"),
                Arguments.of(good.replace("Nonce: 32891756", "Nonce: 3289175"), "nonce", "at least 8"),
                Arguments.of(good.replace("Nonce: 32891756", "Nonce: 3289-1756"), "nonce", "letters or digits"),
                Arguments.of(good.replace("Version: 1", "Version: 2"), "version", "version 1"),
                Arguments.of(good.replace("Chain ID: 1", "Chain ID: 01"), "chain-id", "leading zero"),
                Arguments.of(good.replace("Chain ID: 1", "Chain ID: one"), "chain-id", "decimal"),
                Arguments.of(good.replace("Chain ID: 1", "Chain ID: 99999999999999999999"), "chain-id", "larger"),
                Arguments.of(good.replace("Chain ID: 1\n", ""), "chain-id", "Chain ID: "),
                Arguments.of(good.replace("2021-09-30T16:25:24Z", "2021-09-30 16:25:24Z"), "issued-at", "RFC 3339"),
                Arguments.of(good.replace("2021-09-30T16:25:24Z", "2021-02-30T16:25:24Z"), "issued-at", "real date"),
                Arguments.of(good.replace("Z\nResources:", "Z\nExpiration Time: tomorrow\nResources:"),
                        "expiration-time", "RFC 3339"),
                Arguments.of(good.replace("Z\nResources:", "Z\nNot Before: 2021-09-30T16:25Z\nResources:"),
                        "not-before", "RFC 3339"),
                Arguments.of(good.replace("Z\nResources:", "Z\nRequest ID: a b\nResources:"), "request-id", "pchar"),
                Arguments.of(good.replace("URI: https://example.com/login", "URI: example dot com"), "uri",
                        "RFC 3986 URI"),
                Arguments.of(good.replace("URI: https://example.com/login\n", ""), "uri", "URI: "),
                Arguments.of(good.replace("example.com wants", "exa mple.com wants"), "domain", "authority"),
                Arguments.of(good.replace("example.com wants", "1https://example.com wants"), "scheme",
                        "RFC 3986 scheme"),
                Arguments.of(good.replace("Terms of Service", "Terms of Servic\u00e9"), "statement",
                        "character EIP-4361 does not allow"),
                Arguments.of(good.replace("Terms of Service", "Terms of 100%"), "statement", "no %"),
                Arguments.of(good.replace("- https://example.com/my-web2-claim.json", "- my claim"), "resources",
                        "RFC 3986 URI"),
                Arguments.of(good + "\n", "message", "not even a line break"),
                Arguments.of(good.replace("\n", "\r\n"), "message", "carriage return"),
                Arguments.of(good.replace("wants you to sign in", "wants you to log in"), "message", "first line"),
                Arguments.of(good.replace("Z\nResources:", "Z\nNot Before: 2021-09-30T16:25:24Z\n"
                        + "Expiration Time: 2021-09-30T16:25:24Z\nResources:"), "message", "in that order"),
                Arguments.of(good.replace("tos\n\nURI", "tos\nURI"), "message", "must be empty"),
                Arguments.of("", "message", "empty"));
    }

    @ParameterizedTest
    @MethodSource("badInputs")
    void eachBadInputIsRefusedNamingItsField(String message, String field, String why) {
        assertThatThrownBy(() -> SiweMessage.parse(message)).isInstanceOfSatisfying(SiweException.class, e -> {
            assertThat(e.field()).isEqualTo(field);
            assertThat(e.getMessage()).startsWith(field + ": ").contains(why);
        });
    }

    @Test
    void theBuilderRefusesWhatAMessageCannotHold() {
        SiweMessage.Builder b = SiweMessage.builder().domain("example.com")
                .address(Address.of("0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2")).uri("https://example.com")
                .nonce("abcdefgh").issuedAt(Instant.EPOCH);
        assertThatThrownBy(b::build).isInstanceOf(SiweException.class).hasMessage("chain-id: missing");
        b.chainId(1).statement("two\nlines");
        assertThatThrownBy(b::build).isInstanceOf(SiweException.class).hasMessageStartingWith("statement: ");
        b.statement(null).domain("example.com/path");
        assertThatThrownBy(b::build).isInstanceOf(SiweException.class).hasMessageStartingWith("domain: ");
        b.domain("[::1]:8080");
        assertThat(SiweMessage.parse(b.build().toMessage()).domain()).isEqualTo("[::1]:8080");
        b.domain("[::1::2]");
        assertThatThrownBy(b::build).isInstanceOf(SiweException.class).hasMessageStartingWith("domain: ");
    }
}
