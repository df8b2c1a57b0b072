package sh.brane.client;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

import sh.brane.core.crypto.Signature;
import sh.brane.core.tx.Eip1559Transaction;
import sh.brane.core.tx.Eip2930Transaction;
import sh.brane.core.tx.Eip4844Transaction;
import sh.brane.core.tx.Eip7702Transaction;
import sh.brane.core.tx.LegacyTransaction;
import sh.brane.core.tx.SignedAuthorization;
import sh.brane.core.tx.SignedTransaction;
import sh.brane.core.tx.Transaction;
import sh.brane.core.tx.TransactionBuilder;

/**
 * {@link TransactionInfo#toSignedTransaction()}: the node's fields back into the library's transaction of their type,
 * signed with the node's signature, and checked against the node's hash (a field left out or misreported would give
 * another hash, so a returned transaction is byte for byte the one the chain holds).
 */
final class TransactionRebuild {
    /** Types 0x0 to this one have an encoding here; any later one reads into the record with its own fields. */
    static final int LAST_KNOWN_TYPE = 4;

    private static final BigInteger V_27 = BigInteger.valueOf(27);
    private static final BigInteger V_28 = BigInteger.valueOf(28);
    private static final BigInteger V_35 = BigInteger.valueOf(35);
    private static final BigInteger TWO = BigInteger.TWO;

    private TransactionRebuild() {
    }

    static SignedTransaction of(TransactionInfo t) {
        Transaction tx;
        int parity;
        switch (t.type()) {
            case 0 -> {
                BigInteger v = need(t, t.v(), "v");
                LegacyTransaction.Builder b = common(t, LegacyTransaction.builder()).gasPrice(need(t, t.gasPrice(),
                        "gasPrice"));
                if (v.equals(V_27) || v.equals(V_28)) {
                    b.withoutReplayProtection();
                    parity = v.intValue() - 27;
                } else if (v.compareTo(V_35) >= 0) {
                    BigInteger[] chainAndParity = v.subtract(V_35).divideAndRemainder(TWO);
                    b.chainId(chainAndParity[0].longValueExact());
                    parity = chainAndParity[1].intValue();
                } else {
                    throw bad(t, "legacy v " + v + " is neither 27/28 nor EIP-155's chainId * 2 + 35/36");
                }
                tx = b.build();
            }
            case 1 -> {
                parity = parity(t);
                tx = common(t, Eip2930Transaction.builder()).chainId(chainId(t))
                        .gasPrice(need(t, t.gasPrice(), "gasPrice")).accessList(need(t, t.accessList(), "accessList"))
                        .build();
            }
            case 2 -> {
                parity = parity(t);
                tx = common(t, Eip1559Transaction.builder()).chainId(chainId(t))
                        .maxFeePerGas(need(t, t.maxFeePerGas(), "maxFeePerGas"))
                        .maxPriorityFeePerGas(need(t, t.maxPriorityFeePerGas(), "maxPriorityFeePerGas"))
                        .accessList(need(t, t.accessList(), "accessList")).build();
            }
            case 3 -> {
                parity = parity(t);
                tx = common(t, Eip4844Transaction.builder()).chainId(chainId(t))
                        .maxFeePerGas(need(t, t.maxFeePerGas(), "maxFeePerGas"))
                        .maxPriorityFeePerGas(need(t, t.maxPriorityFeePerGas(), "maxPriorityFeePerGas"))
                        .accessList(need(t, t.accessList(), "accessList"))
                        .maxFeePerBlobGas(need(t, t.maxFeePerBlobGas(), "maxFeePerBlobGas"))
                        .blobVersionedHashes(need(t, t.blobVersionedHashes(), "blobVersionedHashes")).build();
            }
            case 4 -> {
                parity = parity(t);
                List<SignedAuthorization> auths = new ArrayList<>();
                for (AuthorizationInfo a : need(t, t.authorizationList(), "authorizationList")) {
                    auths.add(a.toSignedAuthorization());
                }
                tx = common(t, Eip7702Transaction.builder()).chainId(chainId(t))
                        .maxFeePerGas(need(t, t.maxFeePerGas(), "maxFeePerGas"))
                        .maxPriorityFeePerGas(need(t, t.maxPriorityFeePerGas(), "maxPriorityFeePerGas"))
                        .accessList(need(t, t.accessList(), "accessList")).authorizationList(auths).build();
            }
            default -> throw bad(t, "type 0x" + Integer.toHexString(t.type())
                    + " has no encoding in this library (types 0x0 to 0x4 do)");
        }
        SignedTransaction signed = SignedTransaction.of(tx,
                Signature.of(need(t, t.r(), "r"), need(t, t.s(), "s"), parity));
        if (!signed.hash().equals(t.hash())) {
            throw bad(t, "re-encoded from the node's fields it hashes to " + signed.hash()
                    + ": the node's answer does not describe this transaction completely");
        }
        return signed;
    }

    private static <B extends TransactionBuilder<B, ?>> B common(TransactionInfo t, B b) {
        b.nonce(t.nonce()).gasLimit(t.gas()).value(t.value()).data(t.input());
        return t.to() == null ? b.contractCreation() : b.to(t.to());
    }

    private static long chainId(TransactionInfo t) {
        return need(t, t.chainId(), "chainId");
    }

    /** A typed transaction's y parity: {@code yParity}, or {@code v}, which is the same for typed transactions. */
    private static int parity(TransactionInfo t) {
        if (t.yParity() != null) {
            return t.yParity();
        }
        BigInteger v = need(t, t.v(), "yParity");
        if (v.signum() < 0 || v.compareTo(BigInteger.ONE) > 0) {
            throw bad(t, "v of a typed transaction must be 0 or 1, got " + v);
        }
        return v.intValue();
    }

    private static <T> T need(TransactionInfo t, T value, String field) {
        if (value == null) {
            throw bad(t, "the node's answer has no " + field + ", which a type 0x" + Integer.toHexString(t.type())
                    + " transaction needs");
        }
        return value;
    }

    private static IllegalStateException bad(TransactionInfo t, String what) {
        return new IllegalStateException("transaction " + t.hash() + ": " + what);
    }
}
