package sh.brane.spring.boot.autoconfigure;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

import org.springframework.core.io.Resource;
import org.springframework.util.StringUtils;

import sh.brane.core.crypto.KeystoreException;
import sh.brane.core.crypto.Keystore;
import sh.brane.core.crypto.Mnemonic;
import sh.brane.core.crypto.MnemonicException;
import sh.brane.core.crypto.PrivateKey;

/**
 * Loads the signing key from {@code brane.signer.*}. Every error names the property, never its value: the
 * engine's own messages for these inputs never echo them either.
 */
final class SignerKeys {

    static final String MASK = "******";

    private SignerKeys() {
    }

    static PrivateKey load(BraneProperties.Signer signer) {
        return load("brane.signer", signer);
    }

    /** The key of the signer whose properties are under {@code prefix}, e.g. {@code brane.signers.treasury}. */
    static PrivateKey load(String prefix, BraneSignerProperties signer) {
        boolean hasKey = StringUtils.hasText(signer.getPrivateKey());
        boolean hasKeystore = signer.getKeystore() != null;
        boolean hasMnemonic = StringUtils.hasText(signer.getMnemonic());
        int sources = (hasKey ? 1 : 0) + (hasKeystore ? 1 : 0) + (hasMnemonic ? 1 : 0);
        if (sources != 1) {
            throw new InvalidBranePropertyException(prefix, MASK, "set exactly one of "
                    + prefix + ".private-key, " + prefix + ".keystore or " + prefix + ".mnemonic, found " + sources);
        }
        if (hasKey) {
            return fromPrivateKey(prefix, signer.getPrivateKey().strip());
        }
        if (hasKeystore) {
            return fromKeystore(prefix, signer.getKeystore(), signer.getKeystorePassword());
        }
        return fromMnemonic(prefix, signer.getMnemonic(), signer.getMnemonicPassphrase(), signer.getAccountIndex());
    }

    private static PrivateKey fromPrivateKey(String prefix, String hex) {
        if (YamlNumbers.looksLikeHexReadAsNumber(hex)) {
            throw new InvalidBranePropertyException(prefix + ".private-key", MASK, YamlNumbers.QUOTE_THE_VALUE);
        }
        try {
            return PrivateKey.fromHex(hex);
        }
        catch (IllegalArgumentException ex) {
            throw new InvalidBranePropertyException(prefix + ".private-key", MASK, ex.getMessage());
        }
    }

    private static PrivateKey fromKeystore(String prefix, Resource keystore, String password) {
        if (password == null) {
            throw new InvalidBranePropertyException(prefix + ".keystore-password", "",
                    "a keystore needs its password");
        }
        String json;
        try (InputStream in = keystore.getInputStream()) {
            // a v3 keystore is well under a kilobyte; refuse anything that is clearly not one
            byte[] bytes = in.readNBytes(64 * 1024 + 1);
            if (bytes.length > 64 * 1024) {
                throw new InvalidBranePropertyException(prefix + ".keystore", keystore.getDescription(),
                        "the file is larger than 64 KiB, so not a keystore");
            }
            json = new String(bytes, StandardCharsets.UTF_8);
        }
        catch (IOException ex) {
            throw new InvalidBranePropertyException(prefix + ".keystore", keystore.getDescription(),
                    "cannot be read (" + ex.getClass().getSimpleName() + ")");
        }
        char[] chars = password.toCharArray();
        try {
            return Keystore.decrypt(json, chars);
        }
        catch (KeystoreException ex) {
            String property = ex.isWrongPassword() ? prefix + ".keystore-password" : prefix + ".keystore";
            String shown = ex.isWrongPassword() ? MASK : keystore.getDescription();
            throw new InvalidBranePropertyException(property, shown, ex.getMessage());
        }
        finally {
            java.util.Arrays.fill(chars, '\0');
        }
    }

    private static PrivateKey fromMnemonic(String prefix, String phrase, String passphrase, int index) {
        Mnemonic mnemonic;
        try {
            mnemonic = Mnemonic.parse(phrase);
        }
        catch (MnemonicException ex) {
            throw new InvalidBranePropertyException(prefix + ".mnemonic", MASK, ex.getMessage());
        }
        try {
            if (index < 0) {
                throw new InvalidBranePropertyException(prefix + ".account-index", String.valueOf(index),
                        "must be 0 or more");
            }
            return mnemonic.ethereumAccount((passphrase != null) ? passphrase : "", index);
        }
        finally {
            mnemonic.destroy();
        }
    }
}
