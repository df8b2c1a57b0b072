package sh.brane.rpc;

/** A response was larger than the configured `maxFrameSize`; the message names the limit and the setting to raise. */
public final class FrameTooLargeException extends BraneRpcException {

    public FrameTooLargeException(String message) {
        super(message);
    }

    public FrameTooLargeException(String message, Throwable cause) {
        super(message, cause);
    }

    @Override
    public RpcOutcome outcome() {
        return RpcOutcome.FRAME_TOO_LARGE;
    }
}
