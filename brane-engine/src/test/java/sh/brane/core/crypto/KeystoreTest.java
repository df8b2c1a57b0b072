package sh.brane.core.crypto;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.security.SecureRandom;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.web3j.crypto.ECKeyPair;
import org.web3j.crypto.Wallet;
import org.web3j.crypto.WalletFile;

import com.fasterxml.jackson.databind.ObjectMapper;

import sh.brane.primitives.Hex;

class KeystoreTest {

    private static final String KEY = "7a28b5ba57c53603b0b07b56bba752f7784bf506fa95edc395f5cf6c7514fe9d";

    // The two test vectors of the Web3 Secret Storage Definition (password "testpassword").
    static final String PBKDF2_VECTOR = """
            {
              "crypto" : {
                "cipher" : "aes-128-ctr",
                "cipherparams" : { "iv" : "6087dab2f9fdbbfaddc31a909735c1e6" },
                "ciphertext" : "5318b4d5bcd28de64ee5559e671353e16f075ecae9f99c7a79a38af5f869aa46",
                "kdf" : "pbkdf2",
                "kdfparams" : {
                  "c" : 262144,
                  "dklen" : 32,
                  "prf" : "hmac-sha256",
                  "salt" : "ae3cd4e7013836a3df6bd7241b12db061dbe2c6785853cce422d148a624ce0bd"
                },
                "mac" : "517ead924a9d0dc3124507e3393d175ce3ff7c1e96529c6c555ce9e51205e9b2"
              },
              "id" : "3198bc9c-6672-5ab3-d995-4942343ae5b6",
              "version" : 3
            }
            """;

    static final String SCRYPT_VECTOR = """
            {
              "crypto" : {
                "cipher" : "aes-128-ctr",
                "cipherparams" : { "iv" : "83dbcc02d8ccb40e466191a123791e0e" },
                "ciphertext" : "d172bf743a674da9cdad04534d56926ef8358534d458fffccd4e6ad2fbde479c",
                "kdf" : "scrypt",
                "kdfparams" : {
                  "dklen" : 32,
                  "n" : 262144,
                  "p" : 8,
                  "r" : 1,
                  "salt" : "ab0c7876052600dd703518d6fc3fe8984592145b591fc8fb5c6d43190334ba19"
                },
                "mac" : "2103ac29920d71da29f15d75b4a16dbe95cfd7ff8faea1056c33131d846e3097"
              },
              "id" : "3198bc9c-6672-5ab3-d995-4942343ae5b6",
              "version" : 3
            }
            """;

    @Test
    void decryptsTheSecretStorageTestVectors() {
        assertThat(Hex.encodeNoPrefix(Keystore.decrypt(PBKDF2_VECTOR, "testpassword".toCharArray()).toBytes()))
                .isEqualTo(KEY);
        assertThat(Hex.encodeNoPrefix(Keystore.decrypt(SCRYPT_VECTOR, "testpassword".toCharArray()).toBytes()))
                .isEqualTo(KEY);
    }

    @Test
    void wrongPasswordIsAClearErrorWithoutThePassword() {
        assertThatThrownBy(() -> Keystore.decrypt(PBKDF2_VECTOR, "hunter2-secret".toCharArray()))
                .isInstanceOfSatisfying(KeystoreException.class, e -> assertThat(e.isWrongPassword()).isTrue())
                .hasMessageContaining("wrong password")
                .hasMessageNotContaining("hunter2");
    }

    @Test
    void differentialAgainstWeb3j() throws Exception {
        long seed = 712_2024L;
        Random random = new Random(seed);
        SecureRandom fixed = SecureRandom.getInstance("SHA1PRNG");
        fixed.setSeed(seed);
        ObjectMapper web3jMapper = new ObjectMapper();
        for (int i = 0; i < 1_000; i++) {
            PrivateKey key = PrivateKey.random(fixed);
            String password = randomPassword(random);
            String context = "seed=" + seed + " case=" + i;

            // theirs -> ours
            ECKeyPair pair = ECKeyPair.create(new BigInteger(1, key.toBytes()));
            WalletFile theirs = Wallet.create(password, pair, 16, 1);
            String theirJson = web3jMapper.writeValueAsString(theirs);
            assertThat(Keystore.decrypt(theirJson, password.toCharArray()).toBytes()).as(context).isEqualTo(key.toBytes());

            // ours -> theirs, both KDFs
            Keystore.Kdf kdf = i % 2 == 0 ? Keystore.Kdf.weakForTests(new Keystore.Kdf.Scrypt(16, 1 + random.nextInt(8), 1 + random.nextInt(2)))
                    : Keystore.Kdf.weakForTests(new Keystore.Kdf.Pbkdf2(1 + random.nextInt(64)));
            String ours = Keystore.encrypt(key, password.toCharArray(), kdf, fixed);
            WalletFile parsed = web3jMapper.readValue(ours, WalletFile.class);
            assertThat(Wallet.decrypt(password, parsed).getPrivateKey()).as(context)
                    .isEqualTo(new BigInteger(1, key.toBytes()));
            assertThat(Keystore.decrypt(ours, password.toCharArray()).address()).as(context).isEqualTo(key.address());
            assertThat(ours).as(context).doesNotContain(Hex.encodeNoPrefix(key.toBytes()));
        }
    }

    private static String randomPassword(Random random) {
        int length = random.nextInt(20);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < length; i++) {
            int kind = random.nextInt(10);
            sb.append(kind < 7 ? (char) (' ' + random.nextInt(95)) : kind < 9 ? (char) (0xC0 + random.nextInt(0x200)) : "€😀".charAt(0));
        }
        return sb.toString();
    }

    @Test
    void hostileFilesAreRejectedBeforeAnyWork() {
        String scrypt = SCRYPT_VECTOR;
        assertHostile(scrypt.replace("\"n\" : 262144", "\"n\" : 2097152"), "crypto.kdfparams.n = 2097152 is outside the allowed range");
        assertHostile(scrypt.replace("\"n\" : 262144", "\"n\" : 262143"), "not a power of two");
        assertHostile(scrypt.replace("\"n\" : 262144", "\"n\" : 1048576").replace("\"r\" : 1", "\"r\" : 8"),
                "would use 1073741824 bytes");
        assertHostile(scrypt.replace("\"p\" : 8", "\"p\" : 100"), "outside the allowed range 1..64");
        assertHostile(scrypt.replace("\"p\" : 8", "\"p\" : 16").replace("\"r\" : 1", "\"r\" : 8"), "r * p = 128");
        assertHostile(scrypt.replace("\"n\" : 262144", "\"n\" : 1e6"), "crypto.kdfparams.n must be an integer");
        assertHostile(scrypt.replace("\"n\" : 262144", "\"n\" : 99999999999999999999"), "outside the allowed range");
        assertHostile(scrypt.replace("\"dklen\" : 32", "\"dklen\" : 64"), "dklen = 64");
        assertHostile(scrypt.replace("83dbcc02d8ccb40e466191a123791e0e", "83dbcc02"), "iv must be 16 bytes, got 4");
        assertHostile(scrypt.replace("d172bf743a674da9cdad04534d56926ef8358534d458fffccd4e6ad2fbde479c", "d172" + "00".repeat(100)),
                "ciphertext is longer than 32 bytes");
        assertHostile(scrypt.replace("\"salt\" : \"ab0c", "\"salt\" : \"zz0c"), "salt is not valid hex");
        assertHostile(scrypt.replace("aes-128-ctr", "aes-128-cbc"), "unsupported crypto.cipher");
        assertHostile(scrypt.replace("\"kdf\" : \"scrypt\"", "\"kdf\" : \"argon2\""), "unsupported crypto.kdf;");
        assertHostile(scrypt.replace("\"version\" : 3", "\"version\" : 2"), "version must be 3");
        assertHostile(PBKDF2_VECTOR.replace("\"c\" : 262144", "\"c\" : 2000000000"), "crypto.kdfparams.c = 2000000000");
        assertHostile(PBKDF2_VECTOR.replace("hmac-sha256", "hmac-sha1"), "unsupported crypto.kdfparams.prf");
        assertHostile("{", "not valid JSON");
        assertHostile("[1]", "must be an object");
        assertHostile("{\"version\":3}", "no 'crypto' object");
        assertHostile("{\"version\":3,\"crypto\":{}}", "crypto.cipher must be a string");
        assertHostile("x".repeat(100_000), "more than the 65536 allowed");
    }

    @Test
    void acceptsGethsCapitalizedCryptoKeyAndStringPasswords() {
        String capitalized = PBKDF2_VECTOR.replace("\"crypto\"", "\"Crypto\"").replace("262144", "262144");
        assertThat(Hex.encodeNoPrefix(Keystore.decrypt(capitalized, "testpassword").toBytes())).isEqualTo(KEY);
    }

    @Test
    void addressInTheFileMustMatch() {
        String tampered = PBKDF2_VECTOR.replace("\"version\" : 3", "\"version\" : 3, \"address\": \"0000000000000000000000000000000000000001\"");
        assertHostile(tampered, "does not match the address of the decrypted key");
    }

    private static void assertHostile(String json, String message) {
        assertThatThrownBy(() -> Keystore.decrypt(json, "testpassword".toCharArray()))
                .isInstanceOf(KeystoreException.class)
                .hasMessageContaining(message)
                .hasMessageNotContaining("testpassword");
    }
}
