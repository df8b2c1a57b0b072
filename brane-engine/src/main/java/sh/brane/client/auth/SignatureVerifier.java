package sh.brane.client.auth;

import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

import sh.brane.client.BlockTag;
import sh.brane.client.BraneAsyncClient;
import sh.brane.client.BraneClient;
import sh.brane.client.RevertException;
import sh.brane.core.crypto.Eip712;
import sh.brane.core.crypto.PersonalMessage;
import sh.brane.core.crypto.Secp256k1;
import sh.brane.core.crypto.Signature;
import sh.brane.core.crypto.SignatureCheck;
import sh.brane.core.crypto.SignatureException;
import sh.brane.core.crypto.TypedData;
import sh.brane.core.types.Address;
import sh.brane.primitives.InvalidEncodingException;

/**
 * Checks that a signature is an account's, whatever the account is: a smart account not deployed yet (ERC-6492), a
 * contract wallet (ERC-1271), or a key (ECDSA recovery). For EIP-191 personal messages, EIP-712 typed data, and
 * bare 32-byte hashes.
 *
 * <p>The order is ERC-6492's. A signature ending in the suffix {@code 0x6492...6492} is checked by one deployless
 * {@code eth_call} that deploys the account with the wrapper's factory call and asks it, leaving the chain unchanged.
 * Otherwise the signer's code is read: a contract is asked {@code isValidSignature(hash, signature)} and the
 * signature is valid only if it answers 0x1626ba7e; an address without code is checked by ECDSA recovery (strict by
 * default: the high-s twin of a signature is refused, see {@link SignatureCheck}). An EOA delegating with EIP-7702
 * has code; it is asked through ERC-1271 first, and its own key is accepted if its delegate does not answer.
 *
 * <p>A result, valid or invalid with its reason, means the node answered. A node that fails, times out or cannot be
 * reached fails the call (blocking) or the future (async) with the client's exception: a signature is never called
 * invalid because its node was down. Each {@code ...Async} method's future always completes.
 */
public final class SignatureVerifier {

    private final BraneAsyncClient client;
    private final BlockTag block;
    private final SignatureCheck check;

    /** A verifier reading the latest block of {@code client}'s node, refusing high-s ECDSA signatures. */
    public SignatureVerifier(BraneClient client) {
        this(Objects.requireNonNull(client, "client").async(), BlockTag.LATEST, SignatureCheck.STRICT);
    }

    private SignatureVerifier(BraneAsyncClient client, BlockTag block, SignatureCheck check) {
        this.client = client;
        this.block = Objects.requireNonNull(block, "block");
        this.check = Objects.requireNonNull(check, "check");
    }

    /** This verifier, reading accounts' code and state at {@code block} instead of the latest block. */
    public SignatureVerifier atBlock(BlockTag block) {
        return new SignatureVerifier(client, block, check);
    }

    /** This verifier, checking ECDSA signatures of keys under {@code check}. */
    public SignatureVerifier withCheck(SignatureCheck check) {
        return new SignatureVerifier(client, block, check);
    }

    /** The chain id of the node the verifier asks; asked once, then remembered by the client. */
    public CompletableFuture<Long> chainIdAsync() {
        return client.chainId();
    }

    // ------------------------------------------------------------------ blocking

    /** Whether {@code signature} over the EIP-191 personal message {@code message} (UTF-8) is {@code signer}'s. */
    public SignatureVerification verifyMessage(Address signer, String message, byte[] signature) {
        return join(verifyMessageAsync(signer, message, signature));
    }

    /** Whether {@code signature} over the EIP-191 personal message {@code message} is {@code signer}'s. */
    public SignatureVerification verifyMessage(Address signer, byte[] message, byte[] signature) {
        return join(verifyMessageAsync(signer, message, signature));
    }

    /** Whether {@code signature} over the EIP-712 document {@code data} is {@code signer}'s. */
    public SignatureVerification verifyTypedData(Address signer, TypedData data, byte[] signature) {
        return join(verifyTypedDataAsync(signer, data, signature));
    }

    /** Whether {@code signature} over the 32-byte digest {@code hash} is {@code signer}'s. */
    public SignatureVerification verifyHash(Address signer, byte[] hash, byte[] signature) {
        return join(verifyHashAsync(signer, hash, signature));
    }

    // ------------------------------------------------------------------ async

    public CompletableFuture<SignatureVerification> verifyMessageAsync(Address signer, String message,
            byte[] signature) {
        return verifyHashAsync(signer, PersonalMessage.hash(message), signature);
    }

    public CompletableFuture<SignatureVerification> verifyMessageAsync(Address signer, byte[] message,
            byte[] signature) {
        return verifyHashAsync(signer, PersonalMessage.hash(message), signature);
    }

    public CompletableFuture<SignatureVerification> verifyTypedDataAsync(Address signer, TypedData data,
            byte[] signature) {
        if (data == null) {
            throw new IllegalArgumentException("typed data is null");
        }
        return verifyHashAsync(signer, Eip712.digest(data), signature);
    }

    /**
     * Whether {@code signature} over {@code hash} is {@code signer}'s. Bad arguments (a null signer, a hash that is
     * not 32 bytes, a null signature) throw at once; everything else completes the future.
     */
    public CompletableFuture<SignatureVerification> verifyHashAsync(Address signer, byte[] hash, byte[] signature) {
        if (signer == null) {
            throw new IllegalArgumentException("signer address is null");
        }
        if (hash == null || hash.length != 32) {
            throw new IllegalArgumentException("hash must be 32 bytes, got "
                    + (hash == null ? "null" : hash.length + " bytes"));
        }
        if (signature == null) {
            throw new IllegalArgumentException("signature is null");
        }
        byte[] h = hash.clone();
        byte[] sig = signature.clone();
        if (Erc6492.isWrapped(sig)) {
            return viaErc6492(signer, h, sig);
        }
        return client.getCode(signer, block).thenCompose(code -> {
            if (code.length == 0) {
                return CompletableFuture.completedFuture(ecrecover(signer, h, sig));
            }
            CompletableFuture<SignatureVerification> asked = viaErc1271(signer, h, sig);
            if (!Erc1271.isDelegation(code)) {
                return asked;
            }
            return asked.thenApply(answer -> answer.valid() ? answer : delegatingKey(signer, h, sig, answer));
        });
    }

    // ------------------------------------------------------------------ the three methods

    private CompletableFuture<SignatureVerification> viaErc6492(Address signer, byte[] hash, byte[] signature) {
        try {
            Erc6492.unwrap(signature);
        } catch (IllegalArgumentException malformed) {
            return CompletableFuture.completedFuture(SignatureVerification.invalid(signer,
                    SignatureVerification.Method.ERC6492, malformed.getMessage()));
        }
        return client.call(DeploylessValidator.request(signer, hash, signature), block, null,
                DeploylessValidator.ERRORS).handle((answer, failure) -> {
                    if (failure == null) {
                        return DeploylessValidator.read(signer, answer);
                    }
                    if (unwrap(failure) instanceof RevertException revert) {
                        return DeploylessValidator.reverted(signer, revert);
                    }
                    throw new CompletionException(unwrap(failure));
                });
    }

    private CompletableFuture<SignatureVerification> viaErc1271(Address signer, byte[] hash, byte[] signature) {
        return client.call(Erc1271.request(signer, hash, signature), block).handle((answer, failure) -> {
            if (failure == null) {
                return Erc1271.read(signer, answer);
            }
            if (unwrap(failure) instanceof RevertException revert) {
                return Erc1271.reverted(signer, revert);
            }
            throw new CompletionException(unwrap(failure));
        });
    }

    private SignatureVerification ecrecover(Address signer, byte[] hash, byte[] signature) {
        Signature parsed;
        try {
            parsed = Signature.fromBytes65(signature);
        } catch (InvalidEncodingException e) {
            return SignatureVerification.invalid(signer, SignatureVerification.Method.ECRECOVER,
                    "the signer has no code, so the signature must be an ECDSA signature of its key, but "
                            + e.getMessage());
        }
        Address recovered;
        try {
            recovered = Secp256k1.recoverAddress(hash, parsed, check);
        } catch (SignatureException e) {
            return SignatureVerification.invalid(signer, SignatureVerification.Method.ECRECOVER, e.getMessage());
        }
        return recovered.equals(signer) ? SignatureVerification.valid(signer, SignatureVerification.Method.ECRECOVER)
                : SignatureVerification.invalid(signer, SignatureVerification.Method.ECRECOVER,
                        "the signature was made by " + recovered + ", not by " + signer);
    }

    private SignatureVerification delegatingKey(Address signer, byte[] hash, byte[] signature,
            SignatureVerification delegate) {
        SignatureVerification key = ecrecover(signer, hash, signature);
        return key.valid() ? key : SignatureVerification.invalid(signer, SignatureVerification.Method.ECRECOVER,
                "the account delegates with EIP-7702: its delegate refused (" + delegate.reason()
                        + ") and its own key did not sign (" + key.reason() + ")");
    }

    // ------------------------------------------------------------------ futures

    private static Throwable unwrap(Throwable failure) {
        Throwable t = failure;
        while (t instanceof CompletionException && t.getCause() != null) {
            t = t.getCause();
        }
        return t;
    }

    /** The future's result, or its failure thrown as it was raised (the client's exception for a node failure). */
    static <T> T join(CompletableFuture<T> future) {
        try {
            return future.get();
        } catch (ExecutionException e) {
            Throwable cause = unwrap(e.getCause());
            if (cause instanceof RuntimeException re) {
                throw re;
            }
            if (cause instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException("signature verification failed", cause);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while verifying a signature", e);
        }
    }
}
