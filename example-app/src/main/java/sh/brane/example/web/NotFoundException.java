package sh.brane.example.web;

/** The thing asked for does not exist on the node. */
public class NotFoundException extends RuntimeException {

    public NotFoundException(String message) {
        super(message);
    }
}
