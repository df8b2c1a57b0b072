package sh.brane.example.security;

import org.springframework.security.core.AuthenticationException;

/** The caller's address failed to log in too often; it may try again after {@link #retryAfterSeconds()}. */
final class TooManyFailedLoginsException extends AuthenticationException {
    private final long retryAfterSeconds;

    TooManyFailedLoginsException(long retryAfterSeconds) {
        super("too many failed logins from this address; try again in " + retryAfterSeconds + " s");
        this.retryAfterSeconds = retryAfterSeconds;
    }

    long retryAfterSeconds() {
        return retryAfterSeconds;
    }
}
