package sh.brane.client.tx;

import java.math.BigInteger;

/** A transaction was refused before signing because it is over one of the signer's {@link SendLimits}. */
public final class CeilingExceededException extends RuntimeException {

    /** The ceilings, named as in configuration. */
    public enum Ceiling {
        MAX_FEE_PER_GAS("max-fee-per-gas"),
        MAX_PRIORITY_FEE_PER_GAS("max-priority-fee-per-gas"),
        MAX_GAS_LIMIT("max-gas-limit"),
        MAX_VALUE("max-value"),
        MAX_FEE_PER_BLOB_GAS("max-fee-per-blob-gas");

        private final String property;

        Ceiling(String property) {
            this.property = property;
        }

        /** The ceiling's configuration name, e.g. {@code max-fee-per-gas}. */
        public String property() {
            return property;
        }
    }

    private final Ceiling ceiling;
    private final BigInteger limit;
    private final BigInteger actual;

    public CeilingExceededException(Ceiling ceiling, BigInteger limit, BigInteger actual) {
        super("refused before signing: " + ceiling.property() + " is " + limit + " but the transaction asks for "
                + actual + "; lower the request or raise the ceiling " + ceiling.property());
        this.ceiling = ceiling;
        this.limit = limit;
        this.actual = actual;
    }

    public Ceiling ceiling() {
        return ceiling;
    }

    public BigInteger limit() {
        return limit;
    }

    public BigInteger actual() {
        return actual;
    }
}
