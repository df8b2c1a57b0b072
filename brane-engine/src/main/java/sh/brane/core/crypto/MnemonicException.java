package sh.brane.core.crypto;

import sh.brane.primitives.InvalidEncodingException;

/**
 * A mnemonic phrase that is not valid BIP-39: wrong word count, a word not in the list (by position;
 * the word itself is never shown, since it is likely a typo of a secret word), or a bad checksum.
 */
public final class MnemonicException extends InvalidEncodingException {

    public MnemonicException(String message) {
        super(message);
    }
}
