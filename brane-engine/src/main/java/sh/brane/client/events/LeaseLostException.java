package sh.brane.client.events;

/**
 * This instance no longer holds the stream's lease (it expired, e.g. a handler ran longer than the lease, and
 * another instance took the stream): the checkpoint was not written, and this instance stops consuming until it
 * wins the lease again. The logs it delivered since its last checkpoint are delivered again by the new owner.
 */
public final class LeaseLostException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public LeaseLostException(String stream, String owner) {
        super("stream '" + stream + "': instance '" + owner + "' lost its lease; the checkpoint was not written "
                + "and another instance consumes the stream now");
    }
}
