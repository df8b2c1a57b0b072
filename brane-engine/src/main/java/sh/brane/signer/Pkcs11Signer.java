package sh.brane.signer;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;

import sh.brane.core.crypto.Secp256k1;
import sh.brane.core.crypto.Signature;
import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;
import sh.brane.primitives.Keccak256;

/**
 * Signs with a secp256k1 key that lives in a PKCS#11 token (a hardware HSM, a cloud HSM's PKCS#11 library,
 * SoftHSM2) and never leaves it. The token signs the 32-byte digest with {@code CKM_ECDSA}; this class turns
 * its {@code (r, s)} into an Ethereum signature (low s, recovery id found against the token's public key) and
 * so also verifies every signature before it is returned.
 *
 * <p>One PKCS#11 session per signer, driven by one thread of its own: a session runs one operation at a time,
 * and a native call cannot be interrupted, so a token that hangs holds only this thread. Every call is
 * bounded by {@link Config#timeout()}: its future completes with a {@link SignerException} naming the signer
 * when the token does not answer in time. At most {@value #MAX_WAITING} signatures wait for the token.
 *
 * <p>Needs JNA ({@code net.java.dev.jna:jna}) on the class path. The PIN is held (to log in again when the
 * token drops the session) but never printed: not by {@link #toString()}, not in any exception.
 */
public final class Pkcs11Signer implements Signer, AutoCloseable {

    static final int MAX_WAITING = 256;
    private static final Hash SELF_TEST = Hash.wrap(Keccak256.hash(
            "brane: PKCS#11 signer self-test".getBytes(StandardCharsets.US_ASCII)));

    private final String name;
    private final Duration timeout;
    private final ThreadPoolExecutor thread;
    private final Pkcs11Token token;
    private final byte[] publicKey;
    private final Address address;

    /**
     * Opens a session, logs in, finds the key and signs a self-test digest (proving the private and public key
     * objects are one pair), all within {@code config.timeout()}.
     *
     * @throws SignerException naming the signer when the library, slot, PIN or key is wrong, or the token does
     *                         not answer in time ({@link Pkcs11Exception} for an error code from the token)
     */
    public static Pkcs11Signer open(String name, Config config) {
        checkName(name);
        if (config == null) {
            throw new IllegalArgumentException("signer '" + name + "' needs a PKCS#11 configuration, got null");
        }
        if (!Files.isRegularFile(config.library())) {
            throw new SignerException(name, "the PKCS#11 library " + config.library() + " does not exist");
        }
        try {
            Class.forName("com.sun.jna.Native", false, Pkcs11Signer.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new SignerException(name, "the PKCS#11 signer needs JNA on the class path: add the dependency"
                    + " net.java.dev.jna:jna");
        }
        return new Pkcs11Signer(name, config.timeout(), signerName -> CryptokiToken.open(signerName, config));
    }

    /** For tests: the same signer over any token. */
    Pkcs11Signer(String name, Duration timeout, Function<String, Pkcs11Token> opener) {
        checkName(name);
        if (timeout == null || timeout.isZero() || timeout.isNegative()) {
            throw new IllegalArgumentException("signer '" + name + "' needs a positive timeout, got " + timeout);
        }
        this.name = name;
        this.timeout = timeout;
        this.thread = new ThreadPoolExecutor(1, 1, 0, TimeUnit.MILLISECONDS, new ArrayBlockingQueue<>(MAX_WAITING),
                runnable -> {
                    Thread t = new Thread(runnable, "brane-pkcs11-" + name);
                    t.setDaemon(true);
                    return t;
                });
        Pkcs11Token opened = null;
        try {
            opened = thread.submit(() -> opener.apply(name)).get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            this.token = opened;
            this.publicKey = opened.publicKey();
            this.address = Secp256k1.addressOf(publicKey);
            signDigest(SELF_TEST);
        } catch (TimeoutException e) {
            abandon(null);
            throw new SignerException(name, "the PKCS#11 token did not open a session within " + timeout);
        } catch (InterruptedException e) {
            abandon(opened);
            Thread.currentThread().interrupt();
            throw new SignerException(name, "interrupted while opening the PKCS#11 session", e);
        } catch (ExecutionException e) {
            abandon(opened);
            throw SignerException.unwrap(name, e.getCause());
        } catch (RuntimeException e) {
            abandon(opened);
            throw e;
        }
    }

    /** A signer that failed to start: close what was opened, on the signer's thread, and stop the thread. */
    private void abandon(Pkcs11Token opened) {
        if (opened != null) {
            try {
                thread.submit(opened::close);
            } catch (RejectedExecutionException e) {
                // the queue is full of calls that will time out; the session dies with the process
            }
            thread.shutdown();
        } else {
            thread.shutdownNow();
        }
    }

    @Override
    public Address address() {
        return address;
    }

    @Override
    public String name() {
        return name;
    }

    /** The key's 64-byte uncompressed public key {@code x || y}, as the token reports it. */
    public byte[] publicKey() {
        return publicKey.clone();
    }

    @Override
    public CompletableFuture<Signature> signDigestAsync(Hash digest) {
        return BoundedSigning.submit(name, "the PKCS#11 token", timeout, thread, digest, this::signNow,
                () -> thread.isShutdown() ? "the signer is closed"
                        : MAX_WAITING + " signatures are already waiting for the token");
    }

    private Signature signNow(byte[] digest) {
        java.math.BigInteger[] rs = EthereumSignatures.splitRs(name, token.signDigest(digest));
        return EthereumSignatures.fromRs(name, digest, rs[0], rs[1], publicKey);
    }

    /** Closes the session (the token logs out when its last session closes) and stops the signer's thread. */
    @Override
    public void close() {
        if (thread.isShutdown()) {
            return;
        }
        try {
            thread.submit(token::close);
        } catch (RejectedExecutionException e) {
            // already closing
        }
        thread.shutdown();
        try {
            if (!thread.awaitTermination(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                thread.shutdownNow(); // a hung native call keeps its (daemon) thread; nothing else waits for it
            }
        } catch (InterruptedException e) {
            thread.shutdownNow();
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public String toString() {
        return "Pkcs11Signer[" + name + ", " + address + "]";
    }

    private static void checkName(String name) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("a signer needs a name (used in logs and errors), got '" + name + "'");
        }
    }

    /**
     * Where the key is: the token's PKCS#11 library, the token (by slot id or by token label), the user PIN, and
     * the key pair (by {@code CKA_LABEL} or by {@code CKA_ID}); and how long one call to the token may take.
     */
    public static final class Config {
        private final Path library;
        private final Long slot;
        private final String tokenLabel;
        private final char[] pin;
        private final String keyLabel;
        private final byte[] keyId;
        private final Duration timeout;

        private Config(Builder b) {
            this.library = b.library;
            this.slot = b.slot;
            this.tokenLabel = b.tokenLabel;
            this.pin = b.pin;
            this.keyLabel = b.keyLabel;
            this.keyId = b.keyId;
            this.timeout = b.timeout;
        }

        public static Builder builder() {
            return new Builder();
        }

        public Path library() {
            return library;
        }

        /** The slot id, or null when the token is chosen by {@link #tokenLabel()}. */
        public Long slot() {
            return slot;
        }

        public String tokenLabel() {
            return tokenLabel;
        }

        public String keyLabel() {
            return keyLabel;
        }

        public byte[] keyId() {
            return keyId == null ? null : keyId.clone();
        }

        public Duration timeout() {
            return timeout;
        }

        /** The PIN as UTF-8 bytes (a fresh copy, for the caller to clear). */
        byte[] pinBytes() {
            ByteBuffer encoded = StandardCharsets.UTF_8.encode(CharBuffer.wrap(pin));
            byte[] bytes = new byte[encoded.remaining()];
            encoded.get(bytes);
            if (encoded.hasArray()) {
                Arrays.fill(encoded.array(), (byte) 0);
            }
            return bytes;
        }

        String keyDescription() {
            return keyLabel != null ? "label '" + keyLabel + "'" : "id " + HexFormat.of().formatHex(keyId);
        }

        @Override
        public String toString() {
            return "Pkcs11Signer.Config[library=" + library + ", " + (slot != null ? "slot=" + slot
                    : "token=" + tokenLabel) + ", key " + keyDescription() + ", pin=******, timeout=" + timeout + "]";
        }
    }

    public static final class Builder {
        private Path library;
        private Long slot;
        private String tokenLabel;
        private char[] pin;
        private String keyLabel;
        private byte[] keyId;
        private Duration timeout = Duration.ofSeconds(10);

        private Builder() {
        }

        /** The token vendor's PKCS#11 library, e.g. {@code /usr/lib/softhsm/libsofthsm2.so}. */
        public Builder library(Path library) {
            this.library = library;
            return this;
        }

        /** The slot id holding the token (alternative to {@link #tokenLabel}). */
        public Builder slot(long slot) {
            this.slot = slot;
            return this;
        }

        /** The token's label (alternative to {@link #slot}); slot ids can change when tokens are added. */
        public Builder tokenLabel(String tokenLabel) {
            this.tokenLabel = tokenLabel;
            return this;
        }

        /** The user PIN; copied, so the caller may clear its array. */
        public Builder pin(char[] pin) {
            this.pin = pin == null ? null : pin.clone();
            return this;
        }

        /** The key pair's {@code CKA_LABEL} (alternative to {@link #keyId}). */
        public Builder keyLabel(String keyLabel) {
            this.keyLabel = keyLabel;
            return this;
        }

        /** The key pair's {@code CKA_ID} (alternative to {@link #keyLabel}). */
        public Builder keyId(byte[] keyId) {
            this.keyId = keyId == null ? null : keyId.clone();
            return this;
        }

        /** The longest one call to the token may take (open, log in, sign); default 10 s. */
        public Builder timeout(Duration timeout) {
            this.timeout = timeout;
            return this;
        }

        /** @throws IllegalArgumentException naming the missing or conflicting setting */
        public Config build() {
            if (library == null) {
                throw new IllegalArgumentException("a PKCS#11 signer needs the token's library path");
            }
            if ((slot == null) == (tokenLabel == null || tokenLabel.isBlank())) {
                throw new IllegalArgumentException("a PKCS#11 signer needs exactly one of slot or token label");
            }
            if ((keyLabel == null || keyLabel.isBlank()) == (keyId == null || keyId.length == 0)) {
                throw new IllegalArgumentException("a PKCS#11 signer needs exactly one of key label or key id");
            }
            if (pin == null || pin.length == 0) {
                throw new IllegalArgumentException("a PKCS#11 signer needs the token's user PIN");
            }
            if (timeout == null || timeout.isZero() || timeout.isNegative()) {
                throw new IllegalArgumentException("a PKCS#11 signer needs a positive timeout, got " + timeout);
            }
            if (keyLabel != null && keyLabel.isBlank()) {
                keyLabel = null;
            }
            return new Config(this);
        }
    }
}
