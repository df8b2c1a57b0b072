package sh.brane.spring.boot.autoconfigure;

/**
 * YAML (1.1, as SnakeYAML reads it) takes an unquoted {@code 0x…} scalar for a hexadecimal integer: Spring then binds
 * its decimal digits, so {@code private-key: 0xac09…} arrives as a 77-digit number. Such a value is recognised here so
 * the failure says to quote it, instead of "got 77 characters".
 */
final class YamlNumbers {

    /** The fix, in the failure analysis. */
    static final String QUOTE_THE_VALUE = "YAML read the unquoted 0x... value as a number (the bound value is its decimal "
            + "digits): quote the value, e.g. private-key: \"0xac09...\"";

    private YamlNumbers() {
    }

    /**
     * Whether {@code value} is what YAML makes of an unquoted hexadecimal secret: decimal digits only, and more of
     * them than any hexadecimal form of up to 32 bytes would hold without a 0x prefix and with a letter (a 32-byte
     * number has at most 78 decimal digits; 64 hex digits without a letter are still accepted by the key parser).
     */
    static boolean looksLikeHexReadAsNumber(String value) {
        if (value == null || value.length() < 40 || value.length() > 80 || value.length() == 64) {
            return false;
        }
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }
}
