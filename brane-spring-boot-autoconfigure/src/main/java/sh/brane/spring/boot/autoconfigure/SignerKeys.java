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
        boolean hasKey = StringUtils.hasText(signer.getPrivateKey());
        boolean hasKeystore = signer.getKeystore() != null;
        boolean hasMnemonic = StringUtils.hasText(signer.getMnemonic());
        int sources = (hasKey ? 1 : 0) + (hasKeystore ? 1 : 0) + (hasMnemonic ? 1 : 0);
        if (sources != 1) {
            throw new InvalidBranePropertyException("brane.signer", MASK, "set exactly one of "
                    + "brane.signer.private-key, brane.signer.keystore or brane.signer.mnemonic, found " + sources);
        }
        if (hasKey) {
            return fromPrivateKey(signer.getPrivateKey().strip());
        }
        if (hasKeystore) {
            return fromKeystore(signer.getKeystore(), signer.getKeystorePassword());
        }
        return fromMnemonic(signer.getMnemonic(), signer.getMnemonicPassphrase(), signer.getAccountIndex());
    }

    private static PrivateKey fromPrivateKey(String hex) {
        try {
            return PrivateKey.fromHex(hex);
        }
        catch (IllegalArgumentException ex) {
            throw new InvalidBranePropertyException("brane.signer.private-key", MASK, ex.getMessage());
        }
    }

    private static PrivateKey fromKeystore(Resource keystore, String password) {
        if (password == null) {
            throw new InvalidBranePropertyException("brane.signer.keystore-password", "",
                    "a keystore needs its password");
        }
        String json;
        try (InputStream in = keystore.getInputStream()) {
            // a v3 keystore is well under a kilobyte; refuse anything that is clearly not one
            byte[] bytes = in.readNBytes(64 * 1024 + 1);
            if (bytes.length > 64 * 1024) {
                throw new InvalidBranePropertyException("brane.signer.keystore", keystore.getDescription(),
                        "the file is larger than 64 KiB, so not a keystore");
            }
            json = new String(bytes, StandardCharsets.UTF_8);
        }
        catch (IOException ex) {
            throw new InvalidBranePropertyException("brane.signer.keystore", keystore.getDescription(),
                    "cannot be read (" + ex.getClass().getSimpleName() + ")");
        }
        char[] chars = password.toCharArray();
        try {
            return Keystore.decrypt(json, chars);
        }
        catch (KeystoreException ex) {
            String property = ex.isWrongPassword() ? "brane.signer.keystore-password" : "brane.signer.keystore";
            String shown = ex.isWrongPassword() ? MASK : keystore.getDescription();
            throw new InvalidBranePropertyException(property, shown, ex.getMessage());
        }
        finally {
            java.util.Arrays.fill(chars, '\0');
        }
    }

    private static PrivateKey fromMnemonic(String phrase, String passphrase, int index) {
        Mnemonic mnemonic;
        try {
            mnemonic = Mnemonic.parse(phrase);
        }
        catch (MnemonicException ex) {
            throw new InvalidBranePropertyException("brane.signer.mnemonic", MASK, ex.getMessage());
        }
        try {
            if (index < 0) {
                throw new InvalidBranePropertyException("brane.signer.account-index", String.valueOf(index),
                        "must be 0 or more");
            }
            return mnemonic.ethereumAccount((passphrase != null) ? passphrase : "", index);
        }
        finally {
            mnemonic.destroy();
        }
    }
}
