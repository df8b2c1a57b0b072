package sh.brane.core.crypto;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import sh.brane.core.types.Address;
import sh.brane.primitives.Hex;
import sh.brane.primitives.InvalidEncodingException;
import sh.brane.primitives.Keccak256;

class Eip712Test {

    static final String MAIL_JSON = """
            {
              "types": {
                "EIP712Domain": [
                  {"name": "name", "type": "string"},
                  {"name": "version", "type": "string"},
                  {"name": "chainId", "type": "uint256"},
                  {"name": "verifyingContract", "type": "address"}
                ],
                "Person": [
                  {"name": "name", "type": "string"},
                  {"name": "wallet", "type": "address"}
                ],
                "Mail": [
                  {"name": "from", "type": "Person"},
                  {"name": "to", "type": "Person"},
                  {"name": "contents", "type": "string"}
                ]
              },
              "primaryType": "Mail",
              "domain": {
                "name": "Ether Mail",
                "version": "1",
                "chainId": 1,
                "verifyingContract": "0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC"
              },
              "message": {
                "from": {"name": "Cow", "wallet": "0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826"},
                "to": {"name": "Bob", "wallet": "0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB"},
                "contents": "Hello, Bob!"
              }
            }
            """;

    static TypedData mailFromBuilder() {
        return TypedData.builder()
                .domain(TypedData.Domain.of("Ether Mail", "1", 1,
                        Address.of("0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC")))
                .type("Person", "string", "name", "address", "wallet")
                .type("Mail", "Person", "from", "Person", "to", "string", "contents")
                .message("Mail", Map.of(
                        "from", Map.of("name", "Cow", "wallet", "0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826"),
                        "to", Map.of("name", "Bob", "wallet", "0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB"),
                        "contents", "Hello, Bob!"))
                .build();
    }

    @Test
    void mailExampleFromTheEip() {
        for (TypedData mail : List.of(TypedData.fromJson(MAIL_JSON), mailFromBuilder())) {
            assertThat(Eip712.encodeType(mail.types(), "Mail"))
                    .isEqualTo("Mail(Person from,Person to,string contents)Person(string name,address wallet)");
            assertThat(Hex.encode(Eip712.domainSeparator(mail)))
                    .isEqualTo("0xf2cee375fa42b42143804025fc449deafd50cc031ca257e0b194a650a912090f");
            assertThat(Hex.encode(Eip712.messageHash(mail)))
                    .isEqualTo("0xc52c0ee5d84264471806290a3f2c4cecfc5490626bf912d01f240d7a274b371e");
            assertThat(Hex.encode(Eip712.digest(mail)))
                    .isEqualTo("0xbe609aee343fb3c4b28e1df9e632fca64fcfaede20f02e86244efddf30957bd2");
            PrivateKey cow = PrivateKey.fromBytes(Keccak256.hash("cow".getBytes(StandardCharsets.UTF_8)));
            Signature sig = Eip712.sign(mail, cow);
            assertThat(27 + sig.yParity()).isEqualTo(28);
            assertThat(Hex.encode(sig.rBytes()))
                    .isEqualTo("0x4355c47d63924e8a72e509b65029052eb6c299d53a04e167c5775fd466751c9d");
            assertThat(Hex.encode(sig.sBytes()))
                    .isEqualTo("0x07299936d304c153f6443dfa05f40ff007d72911b6f72307f996231605b91562");
            assertThat(cow.address()).isEqualTo(Address.of("0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826"));
            assertThat(Eip712.recoverSigner(mail, sig.toBytes65())).isEqualTo(cow.address());
        }
    }

    @Test
    void dependenciesAreSortedByName() {
        TypedData data = TypedData.builder()
                .domain(TypedData.Domain.of("x", "1", 1, Address.ZERO))
                .type("Z", "B", "b", "A[]", "as")
                .type("B", "uint8", "v")
                .type("A", "B[2]", "bs", "bytes", "data")
                .message("Z", Map.of("b", Map.of("v", 1), "as", List.of()))
                .build();
        assertThat(Eip712.encodeType(data.types(), "Z")).isEqualTo("Z(B b,A[] as)A(B[2] bs,bytes data)B(uint8 v)");
        assertThat(Eip712.encodeType(data.types(), "A")).isEqualTo("A(B[2] bs,bytes data)B(uint8 v)");
    }

    private static String mailWith(String from, String to) {
        return MAIL_JSON.replace("\"0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826\"", from)
                .replace("\"Hello, Bob!\"", to);
    }

    @Test
    void malformedTypedDataIsRejectedWithTheFieldNamed() {
        assertRejected("{", "not valid JSON");
        assertRejected("[]", "must be an object");
        assertRejected("{\"types\":{}}", "'primaryType'");
        assertRejected(MAIL_JSON.replace("\"primaryType\": \"Mail\"", "\"primaryType\": \"Letter\""),
                "primaryType 'Letter'");
        assertRejected(MAIL_JSON.replace("\"type\": \"Person\"}", "\"type\": \"Persn\"}"), "Mail.from has unknown type 'Persn'");
        assertRejected(MAIL_JSON.replace("{\"name\": \"wallet\", \"type\": \"address\"}",
                "{\"name\": \"wallet\", \"type\": \"uint7\"}"), "Person.wallet has unknown type 'uint7'");
        assertRejected(MAIL_JSON.replace("\"contents\": \"Hello, Bob!\"", "\"contentz\": \"Hello, Bob!\""),
                "message has field 'contentz'");
        assertRejected(MAIL_JSON.replace(",\n    \"contents\": \"Hello, Bob!\"", ""), "message.contents is missing");
        assertRejected(MAIL_JSON.replace("\"Hello, Bob!\"", "42"), "message.contents must be a string");
        assertRejected(mailWith("\"0x1234\"", "\"x\""), "message.from.wallet is not a valid address");
        assertRejected(mailWith("12", "\"x\""), "message.from.wallet must be an address");
        assertRejected(MAIL_JSON.replace("\"chainId\": 1", "\"chainId\": -1"), "domain.chainId = -1 does not fit in uint256");
        assertRejected(MAIL_JSON.replace("\"chainId\": 1", "\"chainId\": 1.5"), "domain.chainId is a fractional number");
        assertRejected(MAIL_JSON.replace("\"chainId\": 1", "\"chainId\": \"12abc\""), "domain.chainId is not a valid uint256");
        assertRejected(MAIL_JSON.replace("\"chainId\": 1", "\"chainId\": 1, \"chainId\": 2"), "not valid JSON");
        assertRejected(MAIL_JSON.replace("\"from\": {", "\"from\": [{").replace("DD826\"},", "DD826\"}],"),
                "message.from must be an object of type Person");
        assertRejected(MAIL_JSON.replace("{\"name\": \"name\", \"type\": \"string\"},\n      {\"name\": \"wallet\"",
                "{\"name\": \"name\", \"type\": \"string\"},\n      {\"name\": \"name\""), "declares field 'name' twice");
        assertRejected(MAIL_JSON.replace("\"Person\": [", "\"Per son\": ["), "'Per son' is not a valid identifier");
    }

    @Test
    void valueKindsAndRangesAreChecked() {
        TypedData.Builder b = TypedData.builder().domain(TypedData.Domain.of("x", "1", 1, Address.ZERO))
                .type("T", "uint8", "u", "int8", "i", "bytes2", "b", "bool", "f", "uint8[2]", "pair");
        assertThat(Eip712.messageHash(b.message("T", Map.of("u", 255, "i", -128, "b", "0xabcd", "f", true,
                "pair", List.of(1, 2))).build())).hasSize(32);
        assertThatThrownBy(() -> Eip712.digest(b.message("T", Map.of("u", 256, "i", 0, "b", "0xabcd", "f", true,
                "pair", List.of(1, 2))).build())).isInstanceOf(TypedDataException.class)
                .hasMessageContaining("message.u = 256 does not fit in uint8");
        assertThatThrownBy(() -> Eip712.digest(b.message("T", Map.of("u", 1, "i", 128, "b", "0xabcd", "f", true,
                "pair", List.of(1, 2))).build())).hasMessageContaining("message.i = 128 does not fit in int8");
        assertThatThrownBy(() -> Eip712.digest(b.message("T", Map.of("u", 1, "i", 1, "b", "0xab", "f", true,
                "pair", List.of(1, 2))).build())).hasMessageContaining("message.b must be exactly 2 bytes");
        assertThatThrownBy(() -> Eip712.digest(b.message("T", Map.of("u", 1, "i", 1, "b", "0xabcd", "f", "yes",
                "pair", List.of(1, 2))).build())).hasMessageContaining("message.f must be a boolean");
        assertThatThrownBy(() -> Eip712.digest(b.message("T", Map.of("u", 1, "i", 1, "b", "0xabcd", "f", true,
                "pair", List.of(1, 2, 3))).build())).hasMessageContaining("message.pair must have 2 elements");
        assertThatThrownBy(() -> Eip712.digest(b.message("T", Map.of("u", 1, "i", 1, "b", "0xabcd", "f", true,
                "pair", List.of(1, "x"))).build())).hasMessageContaining("message.pair[1] is not a valid uint8");
    }

    private static void assertRejected(String json, String messagePart) {
        assertThatThrownBy(() -> Eip712.digest(TypedData.fromJson(json)))
                .isInstanceOf(TypedDataException.class)
                .isInstanceOf(InvalidEncodingException.class)
                .hasMessageContaining(messagePart);
    }

    @Test
    void recursiveTypesAndHostileNesting() {
        TypedData.Builder tree = TypedData.builder().domain(TypedData.Domain.of("x", "1", 1, Address.ZERO))
                .type("Node", "uint8", "v", "Node[]", "children");
        TypedData small = tree.message("Node", Map.of("v", 1, "children", List.of(Map.of("v", 2, "children", List.of()))))
                .build();
        assertThat(Eip712.encodeType(small.types(), "Node")).isEqualTo("Node(uint8 v,Node[] children)");
        assertThat(Eip712.digest(small)).hasSize(32);

        Object deep = Map.of("v", 0, "children", List.of());
        for (int i = 0; i < 100; i++) {
            deep = Map.of("v", 0, "children", List.of(deep));
        }
        Object tooDeep = deep;
        assertThatThrownBy(() -> Eip712.digest(tree.message("Node", (Map<String, ?>) tooDeep).build()))
                .isInstanceOf(TypedDataException.class).hasMessageContaining("nested deeper than");

        String deepJson = "[".repeat(5000) + "]".repeat(5000);
        assertRejected(MAIL_JSON.replace("\"Hello, Bob!\"", deepJson), "not valid JSON");
        assertRejected("{\"types\":" + "{\"a\":".repeat(3000) + "1" + "}".repeat(3001), "not valid JSON");
    }

    @Test
    void negativeIntegersAreTwosComplement() {
        TypedData data = TypedData.builder().domain(TypedData.Domain.of("x", "1", 1, Address.ZERO))
                .type("T", "int256", "v").message("T", Map.of("v", BigInteger.valueOf(-1))).build();
        byte[] word = new byte[32];
        java.util.Arrays.fill(word, (byte) 0xFF);
        byte[] expected = new byte[64];
        System.arraycopy(Eip712.typeHash(data.types(), "T"), 0, expected, 0, 32);
        System.arraycopy(word, 0, expected, 32, 32);
        assertThat(Eip712.messageHash(data)).isEqualTo(Keccak256.hash(expected));
    }
}
