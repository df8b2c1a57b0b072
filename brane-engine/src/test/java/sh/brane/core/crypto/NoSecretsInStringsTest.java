package sh.brane.core.crypto;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.junit.jupiter.api.Test;

import sh.brane.primitives.Hex;

/**
 * Builds every object of this package that holds a secret and provokes every failure we can think of
 * with known secrets, then searches all {@code toString} results and exception messages (and their
 * causes) for the key, mnemonic, seed and password, in hex lower and upper case.
 */
class NoSecretsInStringsTest {

    private static final String KEY = "4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318";
    private static final String PHRASE = "legal winner thank year wave sausage worth useful legal winner thank yellow";
    private static final String PASSWORD = "correct-horse-battery-staple";

    @Test
    void noSecretInAnyStringOrMessage() {
        List<String> texts = new ArrayList<>();
        PrivateKey key = PrivateKey.fromHex(KEY);
        texts.add(key.toString());
        texts.add(String.valueOf(key.signHash(new byte[32])));
        Mnemonic mnemonic = Mnemonic.parse(PHRASE);
        String seedHex = Hex.encodeNoPrefix(mnemonic.toSeed(PASSWORD));
        texts.add(mnemonic.toString());
        HdKey master = mnemonic.masterKey(PASSWORD);
        HdKey child = master.derive("m/44'/60'/0'/0/0");
        String childKeyHex = Hex.encodeNoPrefix(child.privateKey().toBytes());
        String xprv = master.toXprv();
        texts.add(master.toString());
        texts.add(child.toString());
        String keystore = Keystore.encrypt(key, PASSWORD.toCharArray(), Keystore.Kdf.weakForTests(new Keystore.Kdf.Scrypt(16, 8, 1)),
                new java.security.SecureRandom());

        // failures built from the secrets
        texts.add(message(() -> PrivateKey.fromHex(KEY.substring(1))));
        texts.add(message(() -> PrivateKey.fromHex("g" + KEY.substring(1))));
        texts.add(message(() -> PrivateKey.fromHex("0x" + KEY + "00")));
        texts.add(message(() -> PrivateKey.fromBytes(Hex.decode(KEY + "00"))));
        texts.add(message(() -> PrivateKey.fromHex("f".repeat(64))));
        texts.add(message(() -> Keystore.decrypt(keystore, (PASSWORD + "x").toCharArray())));
        texts.add(message(() -> Keystore.decrypt(keystore.replace("\"n\":16", "\"n\":17"), PASSWORD.toCharArray())));
        texts.add(message(() -> Keystore.decrypt(keystore.substring(1), PASSWORD.toCharArray())));
        texts.add(message(() -> Keystore.decrypt(keystore.replace("\"cipher\":\"aes-128-ctr\"",
                "\"cipher\":\"" + PASSWORD + "\""), PASSWORD.toCharArray())));
        texts.add(message(() -> Mnemonic.parse(PHRASE.replace("yellow", "yelow"))));
        texts.add(message(() -> Mnemonic.parse(PHRASE.replace("yellow", "winner"))));
        texts.add(message(() -> Mnemonic.parse(PHRASE + " legal")));
        texts.add(message(() -> HdKey.fromSeed(Hex.decode(seedHex + "00"))));
        texts.add(message(() -> master.derive("m/44'/" + KEY)));
        key.destroy();
        mnemonic.destroy();
        master.destroy();
        texts.add(key.toString());
        texts.add(mnemonic.toString());
        texts.add(master.toString());
        texts.add(message(key::toBytes));
        texts.add(message(mnemonic::phrase));
        texts.add(message(master::toXprv));

        List<String> secrets = List.of(KEY, seedHex, childKeyHex, PASSWORD, PHRASE, xprv, "yelow",
                KEY.substring(0, 16), seedHex.substring(0, 16), "legal winner");
        for (String text : texts) {
            for (String secret : secrets) {
                assertThat(text.toLowerCase(Locale.ROOT)).as("text: " + text)
                        .doesNotContain(secret.toLowerCase(Locale.ROOT));
                assertThat(text).doesNotContain(secret.toUpperCase(Locale.ROOT));
            }
        }
        assertThat(texts).hasSizeGreaterThan(20);
    }

    /** The messages of the exception and all its causes. */
    private static String message(Runnable failing) {
        try {
            failing.run();
        } catch (RuntimeException e) {
            StringBuilder sb = new StringBuilder();
            for (Throwable t = e; t != null; t = t.getCause()) {
                sb.append(t.getClass().getName()).append(": ").append(t.getMessage()).append(" | ").append(t).append('\n');
            }
            return sb.toString();
        }
        throw new AssertionError("expected a failure");
    }
}
