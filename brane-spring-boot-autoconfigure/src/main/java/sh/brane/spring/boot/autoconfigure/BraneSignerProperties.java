package sh.brane.spring.boot.autoconfigure;

import java.time.Duration;

import org.springframework.core.io.Resource;

/**
 * One signer: exactly one key source (a private key, a keystore file with its password, a mnemonic with an
 * account index, or a key inside a PKCS#11 token) and the ceilings of what it may sign. Bound from
 * {@code brane.signer.*} (the signer named "default") and {@code brane.signers.<name>.*}. Values are never
 * logged and always masked by the actuator endpoints.
 */
public class BraneSignerProperties {

    /** Private key as 64 hex digits, with or without 0x. Prefer an environment variable or a secret store. */
    private String privateKey;

    /** Encrypted JSON keystore (version 3) file, e.g. file:/secrets/keystore.json. */
    private Resource keystore;

    /** Password of the keystore file. */
    private String keystorePassword;

    /** BIP-39 mnemonic phrase (12 to 24 English words). */
    private String mnemonic;

    /** Optional BIP-39 passphrase of the mnemonic. */
    private String mnemonicPassphrase = "";

    /** Account index i of the mnemonic's derivation path m/44'/60'/0'/0/i. */
    private int accountIndex = 0;

    private final Pkcs11 pkcs11 = new Pkcs11();

    private final Kms kms = new Kms();

    /**
     * Ceiling on the max fee per gas (and legacy gas price) of one transaction, with its unit, e.g. 200gwei.
     * Unset: no ceiling.
     */
    private String maxFeePerGas;

    /** Ceiling on the priority fee (tip) per gas of one transaction, with its unit, e.g. 5gwei. Unset: no ceiling. */
    private String maxPriorityFeePerGas;

    /** Ceiling on the gas limit of one transaction (at least 21000). Unset: no ceiling. */
    private Long maxGasLimit;

    /** Ceiling on the value sent by one transaction, with its unit, e.g. 10ether. Unset: no ceiling. */
    private String maxValue;

    /**
     * Ceiling on the max fee per blob gas of one blob transaction, with its unit, e.g. 50gwei; a fee the node quotes
     * above it is refused before signing. Unset: no ceiling.
     */
    private String maxFeePerBlobGas;

    /**
     * Whether the Signer bean signs raw 32-byte digests ({@code signDigest}). A digest carries no chain id: it may
     * be the signing hash of a transaction or permit for any chain, so the pinned bean refuses it unless this is
     * true. Transactions, EIP-712 data, EIP-7702 authorizations and EIP-191 messages are signed either way.
     */
    private boolean allowRawDigest;

    /**
     * Whether {@code signTypedData} signs EIP-712 documents whose domain has no chainId (valid on every chain). When
     * false, only {@code signTypedDataWithoutChainId} signs them; a domain that names another chain is always refused.
     */
    private boolean allowDomainsWithoutChainId;

    public String getPrivateKey() {
        return this.privateKey;
    }

    public void setPrivateKey(String privateKey) {
        this.privateKey = privateKey;
    }

    public Resource getKeystore() {
        return this.keystore;
    }

    public void setKeystore(Resource keystore) {
        this.keystore = keystore;
    }

    public String getKeystorePassword() {
        return this.keystorePassword;
    }

    public void setKeystorePassword(String keystorePassword) {
        this.keystorePassword = keystorePassword;
    }

    public String getMnemonic() {
        return this.mnemonic;
    }

    public void setMnemonic(String mnemonic) {
        this.mnemonic = mnemonic;
    }

    public String getMnemonicPassphrase() {
        return this.mnemonicPassphrase;
    }

    public void setMnemonicPassphrase(String mnemonicPassphrase) {
        this.mnemonicPassphrase = mnemonicPassphrase;
    }

    public int getAccountIndex() {
        return this.accountIndex;
    }

    public void setAccountIndex(int accountIndex) {
        this.accountIndex = accountIndex;
    }

    public Pkcs11 getPkcs11() {
        return this.pkcs11;
    }

    public Kms getKms() {
        return this.kms;
    }

    public String getMaxFeePerGas() {
        return this.maxFeePerGas;
    }

    public void setMaxFeePerGas(String maxFeePerGas) {
        this.maxFeePerGas = maxFeePerGas;
    }

    public String getMaxPriorityFeePerGas() {
        return this.maxPriorityFeePerGas;
    }

    public void setMaxPriorityFeePerGas(String maxPriorityFeePerGas) {
        this.maxPriorityFeePerGas = maxPriorityFeePerGas;
    }

    public Long getMaxGasLimit() {
        return this.maxGasLimit;
    }

    public void setMaxGasLimit(Long maxGasLimit) {
        this.maxGasLimit = maxGasLimit;
    }

    public String getMaxValue() {
        return this.maxValue;
    }

    public void setMaxValue(String maxValue) {
        this.maxValue = maxValue;
    }

    public String getMaxFeePerBlobGas() {
        return this.maxFeePerBlobGas;
    }

    public void setMaxFeePerBlobGas(String maxFeePerBlobGas) {
        this.maxFeePerBlobGas = maxFeePerBlobGas;
    }

    public boolean isAllowRawDigest() {
        return this.allowRawDigest;
    }

    public void setAllowRawDigest(boolean allowRawDigest) {
        this.allowRawDigest = allowRawDigest;
    }

    public boolean isAllowDomainsWithoutChainId() {
        return this.allowDomainsWithoutChainId;
    }

    public void setAllowDomainsWithoutChainId(boolean allowDomainsWithoutChainId) {
        this.allowDomainsWithoutChainId = allowDomainsWithoutChainId;
    }

    /**
     * Drops the references to the private key, keystore password, mnemonic, passphrase and PKCS#11 PIN once the
     * signer has been built from them: the properties bean lives as long as the application, and a heap dump
     * ({@code /actuator/heapdump}) would otherwise show them. Java strings cannot be overwritten, so the text
     * stays in memory until collected, and the {@code Environment}'s property sources (environment variables,
     * {@code application.yml}, {@code SPRING_APPLICATION_JSON}) keep their own copy, which no library can clear.
     */
    public void clearSecrets() {
        this.privateKey = null;
        this.keystorePassword = null;
        this.mnemonic = null;
        this.mnemonicPassphrase = null;
        this.pkcs11.pin = null;
    }

    // deliberately no toString: nothing here may end up in a log line

    /**
     * An ECC_SECG_P256K1 key in AWS KMS (or a KMS-compatible server); needs software.amazon.awssdk:kms and
     * software.amazon.awssdk:url-connection-client on the class path. Credentials come from the AWS SDK's default
     * chain (environment, profile, container or instance role), never from these properties.
     */
    public static class Kms {

        /** Id, ARN or alias (alias/...) of the key. */
        private String keyId;

        /** AWS region of the key, e.g. eu-west-1 (unset: the AWS SDK's default region chain). */
        private String region;

        /** Endpoint of a KMS-compatible server or a VPC endpoint (unset: the region's AWS endpoint). */
        private String endpoint;

        /** Longest wait for one signature. */
        private Duration timeout = Duration.ofSeconds(10);

        public String getKeyId() {
            return this.keyId;
        }

        public void setKeyId(String keyId) {
            this.keyId = keyId;
        }

        public String getRegion() {
            return this.region;
        }

        public void setRegion(String region) {
            this.region = region;
        }

        public String getEndpoint() {
            return this.endpoint;
        }

        public void setEndpoint(String endpoint) {
            this.endpoint = endpoint;
        }

        public Duration getTimeout() {
            return this.timeout;
        }

        public void setTimeout(Duration timeout) {
            this.timeout = timeout;
        }

    }

    /**
     * A secp256k1 key inside a PKCS#11 token (HSM, SoftHSM2); needs net.java.dev.jna:jna on the class path.
     */
    public static class Pkcs11 {

        /** Path of the token vendor's PKCS#11 library, e.g. /usr/lib/softhsm/libsofthsm2.so. */
        private String library;

        /** Slot id of the token (or set token-label instead). */
        private Long slot;

        /** Label of the token (or set slot instead). */
        private String tokenLabel;

        /** User PIN of the token. */
        private String pin;

        /** CKA_LABEL of the key pair (or set key-id instead). */
        private String keyLabel;

        /** CKA_ID of the key pair in hex (or set key-label instead). */
        private String keyId;

        /** Longest wait for one call to the token (open, log in, sign). */
        private Duration timeout = Duration.ofSeconds(10);

        public String getLibrary() {
            return this.library;
        }

        public void setLibrary(String library) {
            this.library = library;
        }

        public Long getSlot() {
            return this.slot;
        }

        public void setSlot(Long slot) {
            this.slot = slot;
        }

        public String getTokenLabel() {
            return this.tokenLabel;
        }

        public void setTokenLabel(String tokenLabel) {
            this.tokenLabel = tokenLabel;
        }

        public String getPin() {
            return this.pin;
        }

        public void setPin(String pin) {
            this.pin = pin;
        }

        public String getKeyLabel() {
            return this.keyLabel;
        }

        public void setKeyLabel(String keyLabel) {
            this.keyLabel = keyLabel;
        }

        public String getKeyId() {
            return this.keyId;
        }

        public void setKeyId(String keyId) {
            this.keyId = keyId;
        }

        public Duration getTimeout() {
            return this.timeout;
        }

        public void setTimeout(Duration timeout) {
            this.timeout = timeout;
        }
    }
}
