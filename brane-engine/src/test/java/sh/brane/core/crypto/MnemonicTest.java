package sh.brane.core.crypto;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.InputStream;
import java.math.BigInteger;
import java.security.MessageDigest;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.web3j.crypto.Bip32ECKeyPair;
import org.web3j.crypto.Keys;
import org.web3j.crypto.MnemonicUtils;

import sh.brane.core.types.Address;
import sh.brane.primitives.Hex;

class MnemonicTest {

    private static final String ANVIL = "test test test test test test test test test test test junk";

    @Test
    void wordListIsTheOfficialEnglishList() throws Exception {
        assertThat(Bip39WordList.WORDS).hasSize(2048);
        assertThat(Bip39WordList.WORDS[0]).isEqualTo("abandon");
        assertThat(Bip39WordList.WORDS[2047]).isEqualTo("zoo");
        try (InputStream in = Bip39WordList.class.getResourceAsStream("bip39-english.txt")) {
            // SHA-256 of the english.txt published in the bitcoin/bips repository
            assertThat(Hex.encodeNoPrefix(MessageDigest.getInstance("SHA-256").digest(in.readAllBytes())))
                    .isEqualTo("2f5eed53a4727b4bf8880d8f3f199efc90e58503646d9ff8eff3a2ed3b24dbda");
        }
    }

    @Test
    void anvilDefaultAccounts() {
        String[] expected = {
            "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266", "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
            "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC", "0x90F79bf6EB2c4f870365E785982E1f101E93b906",
            "0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65", "0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc",
            "0x976EA74026E726554dB657fA54763abd0C3a0aa9", "0x14dC79964da2C08b23698B3D3cc7Ca32193d9955",
            "0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f", "0xa0Ee7A142d267C1f36714E4a8F75612F20a79720"};
        Mnemonic mnemonic = Mnemonic.parse(ANVIL);
        for (int i = 0; i < expected.length; i++) {
            assertThat(mnemonic.ethereumAccount(i).address().toChecksumString()).isEqualTo(expected[i]);
        }
        assertThat(Hex.encodeNoPrefix(mnemonic.ethereumAccount(0).toBytes()))
                .isEqualTo("ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80");
        HdKey viaPath = mnemonic.masterKey("").derive("m/44'/60'/0'/0/3");
        assertThat(viaPath.privateKey().address()).isEqualTo(Address.of(expected[3]));
    }

    @Test
    void bip39TrezorVector() {
        Mnemonic m = Mnemonic.fromEntropy(new byte[16]);
        assertThat(m.phrase()).isEqualTo("abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about");
        assertThat(Hex.encodeNoPrefix(m.toSeed("TREZOR"))).isEqualTo(
                "c55257c360c07c72029aebc1b53c05ed0362ada38ead3e3e9efa3708e53495531f09a6987599d18264c1e1c92f2cf141630c7a3c4ab7c81b2f001698e7463b04");
        assertThat(m.masterKey("TREZOR").toXprv()).isEqualTo(
                "xprv9s21ZrQH143K3h3fDYiay8mocZ3afhfULfb5GX8kCBdno77K4HiA15Tg23wpbeF1pLfs1c5SPmYHrEpTuuRhxMwvKDwqdKiGJS9XFKzUsAF");
    }

    @Test
    void bip32TestVector1() {
        HdKey m = HdKey.fromSeed(Hex.decode("000102030405060708090a0b0c0d0e0f"));
        assertThat(m.toXprv()).isEqualTo(
                "xprv9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cq3jPPqjiChkVvvNKmPGJxWUtg6LnF5kejMRNNU3TGtRBeJgk33yuGBxrMPHi");
        assertThat(m.toXpub()).isEqualTo(
                "xpub661MyMwAqRbcFtXgS5sYJABqqG9YLmC4Q1Rdap9gSE8NqtwybGhePY2gZ29ESFjqJoCu1Rupje8YtGqsefD265TMg7usUDFdp6W1EGMcet8");
        assertThat(Hex.encodeNoPrefix(m.chainCode())).isEqualTo("873dff81c02f525623fd1fe5167eac3a55a049de3d314bb42ee227ffed37d508");
        HdKey m0h = m.derive("m/0'");
        assertThat(m0h.toXprv()).isEqualTo(
                "xprv9uHRZZhk6KAJC1avXpDAp4MDc3sQKNxDiPvvkX8Br5ngLNv1TxvUxt4cV1rGL5hj6KCesnDYUhd7oWgT11eZG7XnxHrnYeSvkzY7d2bhkJ7");
        HdKey m0h1 = m.derive("m/0H/1");
        assertThat(m0h1.toXprv()).isEqualTo(
                "xprv9wTYmMFdV23N2TdNG573QoEsfRrWKQgWeibmLntzniatZvR9BmLnvSxqu53Kw1UmYPxLgboyZQaXwTCg8MSY3H2EU4pWcQDnRnrVA1xe8fs");
        HdKey deep = m.derive("m/0h/1/2h/2/1000000000");
        assertThat(Hex.encodeNoPrefix(deep.privateKey().toBytes()))
                .isEqualTo("471b76e389e528d6de6d816857e012c5455051cad6660850e58372a6c3e6e7c8");
        assertThat(Hex.encodeNoPrefix(deep.chainCode()))
                .isEqualTo("c783e67b921d2beb8f6b389cc646d7263b4145701dadd2161548a8b078e65e9e");
    }

    @Test
    void differentialAgainstWeb3j() {
        long seed = 3939L;
        Random random = new Random(seed);
        for (int i = 0; i < 300; i++) {
            byte[] entropy = new byte[16 + 4 * random.nextInt(5)];
            random.nextBytes(entropy);
            String context = "seed=" + seed + " case=" + i + " entropy=" + Hex.encode(entropy);
            Mnemonic ours = Mnemonic.fromEntropy(entropy);
            String theirs = MnemonicUtils.generateMnemonic(entropy);
            assertThat(ours.phrase()).as(context).isEqualTo(theirs);
            assertThat(Mnemonic.parse(theirs).entropy()).as(context).isEqualTo(entropy);
            String passphrase = i % 3 == 0 ? "" : "pass" + i;
            byte[] seedBytes = ours.toSeed(passphrase);
            assertThat(seedBytes).as(context).isEqualTo(MnemonicUtils.generateSeed(theirs, passphrase));
            if (i % 10 == 0) {
                int[] path = {44 | Bip32ECKeyPair.HARDENED_BIT, 60 | Bip32ECKeyPair.HARDENED_BIT,
                    Bip32ECKeyPair.HARDENED_BIT, 0, random.nextInt(1000)};
                Bip32ECKeyPair web3jKey = Bip32ECKeyPair.deriveKeyPair(Bip32ECKeyPair.generateKeyPair(seedBytes), path);
                PrivateKey ourKey = HdKey.fromSeed(seedBytes).derive(DerivationPath.ethereum(path[4])).privateKey();
                assertThat(new BigInteger(1, ourKey.toBytes())).as(context).isEqualTo(web3jKey.getPrivateKey());
                assertThat(ourKey.address().toHex()).as(context).isEqualTo("0x" + Keys.getAddress(web3jKey.getPublicKey()));
            }
        }
    }

    @Test
    void invalidMnemonicsNameTheProblemButNotTheWords() {
        assertThatThrownBy(() -> Mnemonic.parse("test test test")).isInstanceOf(MnemonicException.class)
                .hasMessageContaining("has 3 words; BIP-39 needs 12, 15, 18, 21 or 24");
        assertThatThrownBy(() -> Mnemonic.parse(ANVIL.replace("junk", "junc"))).isInstanceOf(MnemonicException.class)
                .hasMessageContaining("word 12 of 12 is not in the BIP-39 English word list")
                .hasMessageNotContaining("junc");
        assertThatThrownBy(() -> Mnemonic.parse(ANVIL.replace("junk", "test"))).isInstanceOf(MnemonicException.class)
                .hasMessageContaining("checksum is wrong")
                .hasMessageNotContaining("test test");
        assertThatThrownBy(() -> Mnemonic.parse("")).isInstanceOf(MnemonicException.class);
        assertThatThrownBy(() -> Mnemonic.parse(null)).isInstanceOf(MnemonicException.class);
        assertThat(Mnemonic.isValid("  TEST test test test test test test test test test test\tjunk ")).isTrue();
        assertThat(Mnemonic.isValid(ANVIL.replace("junk", "zoo"))).isFalse();
    }

    @Test
    void derivationPathsAreParsedStrictly() {
        assertThat(DerivationPath.parse("m/44'/60'/0'/0/7")).isEqualTo(DerivationPath.ethereum(7));
        assertThat(DerivationPath.parse("m/44h/60H/0'/0/7").toString()).isEqualTo("m/44'/60'/0'/0/7");
        assertThat(DerivationPath.parse("m").depth()).isZero();
        for (String bad : new String[] {"44'/60'", "m/", "m//1", "m/x", "m/2147483648", "m/-1", "m/01", "m/1''", "n/1"}) {
            assertThatThrownBy(() -> DerivationPath.parse(bad)).as(bad).isInstanceOf(DerivationPathException.class)
                    .hasMessageContaining("derivation path");
        }
        assertThatThrownBy(() -> DerivationPath.parse("m/44'/x/0")).hasMessageContaining("element 2 'x'");
    }

    @Test
    void destroyedMnemonicAndKeysRefuseUse() {
        Mnemonic m = Mnemonic.parse(ANVIL);
        HdKey master = m.masterKey("");
        m.destroy();
        master.destroy();
        assertThat(m.toString()).isEqualTo("Mnemonic[12 words, destroyed]");
        assertThatThrownBy(m::phrase).isInstanceOf(IllegalStateException.class).hasMessageContaining("destroyed");
        assertThatThrownBy(() -> m.toSeed("")).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(master::toXprv).isInstanceOf(IllegalStateException.class).hasMessageContaining("destroyed");
        assertThatThrownBy(() -> master.derive("m/0")).isInstanceOf(IllegalStateException.class);
    }
}
