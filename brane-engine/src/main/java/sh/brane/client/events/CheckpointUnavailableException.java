package sh.brane.client.events;

/** The checkpoint store could not be read or written (the database is down): the stream retries later. */
public final class CheckpointUnavailableException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public CheckpointUnavailableException(String what, Throwable cause) {
        super("checkpoint store unavailable while " + what + ": " + cause.getMessage(), cause);
    }
}
