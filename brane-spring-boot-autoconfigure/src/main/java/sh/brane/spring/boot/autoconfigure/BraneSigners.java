package sh.brane.spring.boot.autoconfigure;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HexFormat;
import java.util.function.LongSupplier;

import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.util.StringUtils;

import sh.brane.core.types.Wei;
import sh.brane.core.types.WeiFormatException;
import sh.brane.signer.ChainPinnedSigner;
import sh.brane.signer.Pkcs11Exception;
import sh.brane.signer.Pkcs11Signer;
import sh.brane.signer.Signer;
import sh.brane.signer.SignerCeilings;
import sh.brane.signer.SignerException;

/**
 * Builds a {@link Signer} and its {@link SignerCeilings} from one signer's properties, and enforces that a
 * service with a signer pins the chain it signs for. Every error names the property (values of secrets are
 * shown as {@value SignerKeys#MASK}).
 */
final class BraneSigners {

    static final String CHAIN_ID_PROPERTY = "brane.rpc.expected-chain-id";

    private BraneSigners() {
    }

    /** True when any key source of this signer is set. */
    static boolean isConfigured(BraneSignerProperties p) {
        return StringUtils.hasText(p.getPrivateKey()) || p.getKeystore() != null || StringUtils.hasText(p.getMnemonic())
                || isPkcs11(p) || isKms(p);
    }

    /** True when the key is outside this JVM (an HSM over PKCS#11, or KMS): no local key bean is used. */
    static boolean isRemoteKey(BraneSignerProperties p) {
        return isPkcs11(p) || isKms(p);
    }

    static boolean isKms(BraneSignerProperties p) {
        BraneSignerProperties.Kms k = p.getKms();
        return StringUtils.hasText(k.getKeyId()) || StringUtils.hasText(k.getRegion())
                || StringUtils.hasText(k.getEndpoint());
    }

    static boolean isPkcs11(BraneSignerProperties p) {
        BraneSignerProperties.Pkcs11 k = p.getPkcs11();
        return StringUtils.hasText(k.getLibrary()) || k.getSlot() != null || StringUtils.hasText(k.getTokenLabel())
                || StringUtils.hasText(k.getKeyLabel()) || StringUtils.hasText(k.getKeyId())
                || StringUtils.hasText(k.getPin());
    }

    /**
     * The signer named {@code name} from the properties under {@code prefix}, after checking that the chain id is
     * pinned.
     */
    static Signer create(String name, String prefix, BraneSignerProperties p, BraneProperties all) {
        return create(name, prefix, p, () -> requirePinnedChainId(prefix, all));
    }

    /**
     * The signer named {@code name} from the properties under {@code prefix}, pinned to the chain {@code chainId}
     * returns (which throws when the chain is not pinned).
     */
    static Signer create(String name, String prefix, BraneSignerProperties p, LongSupplier chainId) {
        try {
            return createPinned(name, prefix, p, chainId);
        }
        finally {
            p.clearSecrets();
        }
    }

    private static Signer createPinned(String name, String prefix, BraneSignerProperties p, LongSupplier pinned) {
        Signer signer;
        boolean localToo = StringUtils.hasText(p.getPrivateKey()) || p.getKeystore() != null
                || StringUtils.hasText(p.getMnemonic());
        if (isPkcs11(p) && (localToo || isKms(p)) || isKms(p) && localToo) {
            throw new InvalidConfigurationPropertyValueException(prefix, SignerKeys.MASK, "set exactly one of "
                    + prefix + ".private-key, .keystore, .mnemonic, .pkcs11.* or .kms.*; found "
                    + (isPkcs11(p) ? "a PKCS#11 key" : "a KMS key") + " and another");
        }
        if (isPkcs11(p)) {
            signer = pkcs11(name, prefix + ".pkcs11", p.getPkcs11());
        }
        else if (isKms(p)) {
            if (!StringUtils.hasText(p.getKms().getKeyId())) {
                throw new InvalidConfigurationPropertyValueException(prefix + ".kms.key-id", null,
                        "set the KMS key's id, ARN or alias (alias/...)");
            }
            signer = KmsSigners.create(name, prefix + ".kms", p.getKms());
        }
        else {
            signer = new KeyOwningSigner(name, SignerKeys.load(prefix, p));
        }
        long chainId;
        try {
            chainId = pinned.getAsLong();
        }
        catch (RuntimeException ex) {
            close(signer);
            throw ex;
        }
        return pin(signer, chainId, prefix, p);
    }

    /**
     * {@code signer} pinned to {@code chainId}, with the opt-ins {@code <prefix>.allow-raw-digest} and
     * {@code <prefix>.allow-domains-without-chain-id}; its refusals name those properties.
     */
    static ChainPinnedSigner pin(Signer signer, long chainId, String prefix, BraneSignerProperties p) {
        return ChainPinnedSigner.builder(signer, chainId)
            .allowRawDigests(p.isAllowRawDigest())
            .allowDomainsWithoutChainId(p.isAllowDomainsWithoutChainId())
            .configuredBy(prefix)
            .build();
    }

    /**
     * A signer signs for one chain: that chain is named in configuration, never taken from whichever node answers.
     * A dev node the app starts itself ({@code brane.devnet.enabled}, or {@code brane.devnet.in-tests} in a test)
     * pins its own {@code brane.devnet.chain-id}.
     *
     * @return the pinned chain id
     */
    static long requirePinnedChainId(String prefix, BraneProperties all) {
        Long expected = all.getRpc().getExpectedChainId();
        if (expected != null) {
            if (expected <= 0) {
                throw new InvalidConfigurationPropertyValueException(CHAIN_ID_PROPERTY, expected, "must be positive");
            }
            return expected;
        }
        if (all.getDevnet().isEnabled() || all.getDevnet().isInTests()) {
            return all.getDevnet().getChainId();
        }
        throw new InvalidConfigurationPropertyValueException(CHAIN_ID_PROPERTY, null, "a signer is configured ("
                + prefix + "), so the chain it signs for must be pinned: set " + CHAIN_ID_PROPERTY
                + " to that chain's id (e.g. 1 for Ethereum mainnet, 8453 for Base); start-up then fails when the"
                + " node reports another chain, and every transaction is checked against it before it is signed");
    }

    static SignerCeilings ceilings(String prefix, BraneSignerProperties p) {
        Wei maxFee = wei(prefix + ".max-fee-per-gas", p.getMaxFeePerGas());
        Wei maxTip = wei(prefix + ".max-priority-fee-per-gas", p.getMaxPriorityFeePerGas());
        Wei maxValue = wei(prefix + ".max-value", p.getMaxValue());
        Wei maxBlobFee = wei(prefix + ".max-fee-per-blob-gas", p.getMaxFeePerBlobGas());
        Long maxGas = p.getMaxGasLimit();
        if (maxGas != null && maxGas < SignerCeilings.MIN_GAS_LIMIT) {
            throw new InvalidConfigurationPropertyValueException(prefix + ".max-gas-limit", maxGas,
                    "must be at least " + SignerCeilings.MIN_GAS_LIMIT + ", the gas of a plain transfer");
        }
        if (maxFee != null && maxTip != null && maxTip.compareTo(maxFee) > 0) {
            throw new InvalidConfigurationPropertyValueException(prefix + ".max-priority-fee-per-gas",
                    p.getMaxPriorityFeePerGas(), "must not exceed " + prefix + ".max-fee-per-gas ("
                            + p.getMaxFeePerGas() + "): the tip is part of the fee");
        }
        if (maxBlobFee != null && maxBlobFee.isZero()) {
            throw new InvalidConfigurationPropertyValueException(prefix + ".max-fee-per-blob-gas",
                    p.getMaxFeePerBlobGas(), "must be more than zero: a blob transaction pays at least 1 wei per blob"
                            + " gas; leave it unset for no ceiling");
        }
        return new SignerCeilings(maxFee, maxTip, maxGas, maxValue, maxBlobFee);
    }

    private static Wei wei(String property, String value) {
        if (!StringUtils.hasText(value)) {
            return null;
        }
        try {
            return Wei.parse(value);
        }
        catch (WeiFormatException ex) {
            throw new InvalidConfigurationPropertyValueException(property, value, ex.getMessage()
                    + "; write an amount with its unit, e.g. 200gwei or 1.5ether");
        }
    }

    private static Signer pkcs11(String name, String prefix, BraneSignerProperties.Pkcs11 k) {
        if (!StringUtils.hasText(k.getLibrary())) {
            throw new InvalidConfigurationPropertyValueException(prefix + ".library", null,
                    "set the path of the token's PKCS#11 library, e.g. /usr/lib/softhsm/libsofthsm2.so");
        }
        boolean hasLabel = StringUtils.hasText(k.getTokenLabel());
        if ((k.getSlot() != null) == hasLabel) {
            throw new InvalidConfigurationPropertyValueException(prefix + ".token-label", k.getTokenLabel(),
                    "set exactly one of " + prefix + ".token-label or " + prefix + ".slot");
        }
        boolean hasKeyLabel = StringUtils.hasText(k.getKeyLabel());
        if (hasKeyLabel == StringUtils.hasText(k.getKeyId())) {
            throw new InvalidConfigurationPropertyValueException(prefix + ".key-label", k.getKeyLabel(),
                    "set exactly one of " + prefix + ".key-label or " + prefix + ".key-id");
        }
        if (!StringUtils.hasText(k.getPin())) {
            throw new InvalidConfigurationPropertyValueException(prefix + ".pin", null,
                    "set the token's user PIN (from an environment variable or a secret store)");
        }
        Duration timeout = k.getTimeout();
        if (timeout == null || timeout.isZero() || timeout.isNegative()) {
            throw new InvalidConfigurationPropertyValueException(prefix + ".timeout", timeout, "must be positive");
        }
        Pkcs11Signer.Builder config = Pkcs11Signer.Config.builder().library(Path.of(k.getLibrary()))
            .pin(k.getPin().toCharArray())
            .timeout(timeout);
        if (hasLabel) {
            config.tokenLabel(k.getTokenLabel());
        }
        else {
            config.slot(k.getSlot());
        }
        if (hasKeyLabel) {
            config.keyLabel(k.getKeyLabel());
        }
        else {
            try {
                String hex = k.getKeyId().strip();
                config.keyId(HexFormat.of().parseHex(hex.startsWith("0x") ? hex.substring(2) : hex));
            }
            catch (IllegalArgumentException ex) {
                throw new InvalidConfigurationPropertyValueException(prefix + ".key-id", k.getKeyId(),
                        "must be the key's CKA_ID in hex, e.g. 01 or 0xa1b2");
            }
        }
        try {
            return Pkcs11Signer.open(name, config.build());
        }
        catch (Pkcs11Exception ex) {
            if (ex.isPinRejected()) {
                // not Boot's exception: its failure analyzer would print the PIN it finds in the environment
                throw new InvalidBranePropertyException(prefix + ".pin", SignerKeys.MASK, ex.getMessage());
            }
            throw new InvalidConfigurationPropertyValueException(prefix, "library " + k.getLibrary(), ex.getMessage());
        }
        catch (SignerException ex) {
            throw new InvalidConfigurationPropertyValueException(prefix, "library " + k.getLibrary(), ex.getMessage());
        }
    }

    private static void close(Signer signer) {
        if (signer instanceof AutoCloseable closeable) {
            try {
                closeable.close();
            }
            catch (Exception ex) {
                // the start-up failure being reported matters more
            }
        }
    }
}
