package sh.brane.core.crypto;

/** Base58 (Bitcoin alphabet) encoding, for BIP-32 extended keys. */
final class Base58 {

    private static final char[] ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz".toCharArray();

    private Base58() {
    }

    static String encode(byte[] input) {
        int zeros = 0;
        while (zeros < input.length && input[zeros] == 0) {
            zeros++;
        }
        byte[] number = input.clone();
        char[] out = new char[input.length * 2];
        int outStart = out.length;
        int start = zeros;
        while (start < number.length) {
            int remainder = 0;
            for (int i = start; i < number.length; i++) {
                int digit = (remainder << 8) | (number[i] & 0xFF);
                number[i] = (byte) (digit / 58);
                remainder = digit % 58;
            }
            out[--outStart] = ALPHABET[remainder];
            while (start < number.length && number[start] == 0) {
                start++;
            }
        }
        java.util.Arrays.fill(number, (byte) 0);
        for (int i = 0; i < zeros; i++) {
            out[--outStart] = ALPHABET[0];
        }
        String s = new String(out, outStart, out.length - outStart);
        java.util.Arrays.fill(out, '\0');
        return s;
    }
}
