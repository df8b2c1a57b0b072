package sh.brane.client.tx;

/**
 * The transaction journal could not be read or written (database down, pool exhausted, schema missing). When it
 * happens while sending, nothing was broadcast: no transaction leaves without its journal row.
 */
public final class JournalUnavailableException extends RuntimeException {
    public JournalUnavailableException(String what, Throwable cause) {
        super("the transaction journal is unavailable (" + what + "): " + cause.getMessage()
                + "; nothing was broadcast. Check the journal's database and connection pool", cause);
    }
}
