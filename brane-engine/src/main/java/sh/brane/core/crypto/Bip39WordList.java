package sh.brane.core.crypto;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/** The BIP-39 English word list, loaded once from {@code bip39-english.txt}. */
final class Bip39WordList {

    static final String[] WORDS;
    private static final Map<String, Integer> INDEX;

    static {
        String[] words = new String[2048];
        int count = 0;
        try (InputStream in = Bip39WordList.class.getResourceAsStream("bip39-english.txt")) {
            if (in == null) {
                throw new IllegalStateException("BIP-39 word list resource is missing");
            }
            BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            String line;
            while ((line = reader.readLine()) != null) {
                if (!line.isEmpty()) {
                    if (count == 2048) {
                        throw new IllegalStateException("BIP-39 word list has more than 2048 words");
                    }
                    words[count++] = line.trim();
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (count != 2048) {
            throw new IllegalStateException("BIP-39 word list has " + count + " words, expected 2048");
        }
        WORDS = words;
        Map<String, Integer> index = new HashMap<>(4096);
        for (int i = 0; i < words.length; i++) {
            index.put(words[i], i);
        }
        INDEX = index;
    }

    private Bip39WordList() {
    }

    /** The index of {@code word}, or -1. */
    static int indexOf(String word) {
        Integer i = INDEX.get(word);
        return i == null ? -1 : i;
    }
}
