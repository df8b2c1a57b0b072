package sh.brane.spring.boot.autoconfigure;

/** JSON-RPC hex quantities ({@code 0x1a}) as numbers. */
final class Quantities {

    private Quantities() {
    }

    static long parseLong(String quantity) {
        if (quantity == null || quantity.length() < 3 || quantity.length() > 18 || !quantity.startsWith("0x")) {
            throw new IllegalStateException("node returned a malformed quantity: " + quantity);
        }
        try {
            return Long.parseUnsignedLong(quantity, 2, quantity.length(), 16);
        }
        catch (NumberFormatException ex) {
            throw new IllegalStateException("node returned a malformed quantity: " + quantity);
        }
    }
}
