package sh.brane.example.token;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

import sh.brane.core.abi.Abi;
import sh.brane.primitives.Hex;

/** The example ERC-20 as compiled from {@code contracts/BraneToken.sol}: its ABI and creation bytecode. */
public final class TokenContract {

    /** The one ABI the service decodes token calls, events and reverts with. */
    public static final Abi ABI = Abi.fromJson(resource("contracts/BraneToken.abi.json"));

    private TokenContract() {
    }

    /** Creation bytecode; a fresh copy per call. */
    public static byte[] bytecode() {
        return Hex.decode(resource("contracts/BraneToken.bin").strip());
    }

    private static String resource(String path) {
        try (InputStream in = TokenContract.class.getClassLoader().getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException(path + " is missing from the classpath; run contracts/compile.sh");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
