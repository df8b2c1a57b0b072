package sh.brane.readme;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import org.junit.jupiter.api.Test;

import sh.brane.core.types.Address;
import sh.brane.core.types.AddressFormatException;
import sh.brane.core.types.HexData;
import sh.brane.core.types.Wei;
import sh.brane.core.types.WeiFormatException;
import sh.brane.primitives.Hex;
import sh.brane.primitives.Keccak256;
import sh.brane.primitives.Rlp;
import sh.brane.primitives.RlpDecodingException;
import sh.brane.primitives.RlpItem;
import sh.brane.primitives.RlpWriter;

/** The examples of the section "Primitives" in docs/engine.md, verbatim above each "checks" line. */
class PrimitivesReadmeExamplesTest {

    @Test
    void hex() {
        byte[] bytes = Hex.decode("0xdeadBEEF");        // {0xde, 0xad, 0xbe, 0xef}
        String hex = Hex.encode(bytes);                 // "0xdeadbeef"
        byte[] gas = Hex.decodeQuantity("0x5208");      // {0x52, 0x08}: 21000

        // checks
        assertThat(bytes).containsExactly(0xde, 0xad, 0xbe, 0xef);
        assertThat(hex).isEqualTo("0xdeadbeef");
        assertThat(new BigInteger(1, gas)).isEqualTo(21000);
    }

    @Test
    void hexWithoutAllocation() {
        String json = "{\"hash\":\"0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470\"}";
        byte[] hash = new byte[32];                     // reused across calls
        Hex.decodeTo(json, 9, 66, hash, 0);             // decodes the 66 chars at index 9, no allocation
        char[] chars = new char[66];                    // reused across calls
        int written = Hex.encodeTo(hash, chars, 0, true); // 66 chars: "0xc5d2...a470"

        // checks
        assertThat(hash).isEqualTo(Keccak256.hash(new byte[0]));
        assertThat(written).isEqualTo(66);
        assertThat(new String(chars)).isEqualTo(json.substring(9, 75));
    }

    @Test
    void keccak() {
        byte[] selector = Arrays.copyOf(Keccak256.hash("transfer(address,uint256)".getBytes(StandardCharsets.US_ASCII)), 4);
        // 0xa9059cbb
        byte[] input = new byte[64];
        byte[] digest = new byte[32];
        Keccak256.hashTo(input, 0, input.length, digest, 0); // writes 32 bytes into digest, no allocation

        // checks
        assertThat(Hex.encode(selector)).isEqualTo("0xa9059cbb");
        assertThat(Hex.encode(digest)).isEqualTo("0xad3228b676f7d3cd4284a5443f17f1962b36e491b30a40b2405849e597ba5fb5");
    }

    @Test
    void rlp() {
        byte[] list = Rlp.encodeList(Rlp.encodeBytes("cat".getBytes(StandardCharsets.US_ASCII)), Rlp.encodeLong(1024));
        // 0xc783636174820400

        long nonce = 9;
        BigInteger value = new BigInteger("1000000000000000000");
        byte[] to = Hex.decode("0x3535353535353535353535353535353535353535");
        int payload = Rlp.sizeOfLong(nonce) + Rlp.sizeOfBytes(to) + Rlp.sizeOfBigInteger(value);
        byte[] encoded = new byte[Rlp.sizeOfList(payload)];
        new RlpWriter(encoded).writeListHeader(payload).writeLong(nonce).writeBytes(to).writeBigInteger(value);

        RlpItem item = Rlp.decode(encoded);
        long decodedNonce = item.asList().get(0).asLong();          // 9; rejects leading zeros
        byte[] recipient = item.asList().get(1).asRlpString().asBytes(20); // must be 20 bytes
        BigInteger decodedValue = item.asList().get(2).asBigInteger();
        // Rlp.decode(Hex.decode("0x8100")) throws RlpDecodingException:
        //   "non-canonical string at offset 0: the single byte 0x00 below 0x80 must be encoded as itself, not as 0x8100"

        // checks
        assertThat(Hex.encode(list)).isEqualTo("0xc783636174820400");
        assertThat(Hex.encode(encoded)).isEqualTo("0xdf0994" + "35".repeat(20) + "880de0b6b3a7640000");
        assertThat(decodedNonce).isEqualTo(nonce);
        assertThat(recipient).isEqualTo(to);
        assertThat(decodedValue).isEqualTo(value);
        assertThatThrownBy(() -> Rlp.decode(Hex.decode("0x8100"))).isInstanceOf(RlpDecodingException.class)
                .hasMessage("non-canonical string at offset 0: the single byte 0x00 below 0x80 must be encoded as"
                        + " itself, not as 0x8100");
    }

    @Test
    void address() {
        Address address = Address.of("0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed");
        String checksummed = address.toChecksumString(); // "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"
        // Address.of("0x5aaeb6053F3E94C9b9A09f33669435E7Ef1BeAed") throws AddressFormatException:
        //   "... has an invalid EIP-55 checksum; expected 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed ..."

        // checks
        assertThat(checksummed).isEqualTo("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed");
        assertThatThrownBy(() -> Address.of("0x5aaeb6053F3E94C9b9A09f33669435E7Ef1BeAed"))
                .isInstanceOf(AddressFormatException.class)
                .hasMessageContaining("has an invalid EIP-55 checksum; expected 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed");
    }

    @Test
    void wei() {
        Wei value = Wei.ofEther("1.5");
        Wei maxFee = Wei.parse("30 gwei");               // as written in configuration
        Wei fee = maxFee.multiply(21_000);
        String feeInEther = fee.toPlainString(Wei.Unit.ETHER); // "0.00063"
        Wei total = value.add(fee);
        String quantity = total.toQuantity();            // "0x14d34f08c94b6000" for JSON-RPC
        // Wei.ofEther("0.0000000000000000001") throws WeiFormatException: "... has more than 18 decimals ..."
        // Wei.ofGwei(1).subtract(Wei.ofEther(1)) throws ArithmeticException: "... the result would be negative"

        // checks
        assertThat(feeInEther).isEqualTo("0.00063");
        assertThat(quantity).isEqualTo("0x14d34f08c94b6000");
        assertThat(total).isEqualTo(Wei.of(new BigInteger("1500630000000000000")));
        assertThatThrownBy(() -> Wei.ofEther("0.0000000000000000001")).isInstanceOf(WeiFormatException.class)
                .hasMessageContaining("has more than 18 decimals");
        assertThatThrownBy(() -> Wei.ofGwei(1).subtract(Wei.ofEther(1))).isInstanceOf(ArithmeticException.class)
                .hasMessageContaining("the result would be negative");
    }

    @Test
    void hexData() {
        HexData data = HexData.of("0xa9059cbb");
        int length = data.length();                      // 4
        boolean empty = HexData.of("0x").isEmpty();      // true
        String hexData = data.toHex();                   // "0xa9059cbb"

        // checks
        assertThat(length).isEqualTo(4);
        assertThat(empty).isTrue();
        assertThat(hexData).isEqualTo("0xa9059cbb");
    }
}
