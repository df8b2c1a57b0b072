package sh.brane.example.web;

/** A request field is malformed; the message names the field, what was sent and what is allowed. */
public class InvalidRequestException extends RuntimeException {

    public InvalidRequestException(String message) {
        super(message);
    }
}
