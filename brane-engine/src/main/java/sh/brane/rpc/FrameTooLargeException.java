package sh.brane.rpc;

/** A response was larger than the configured `maxFrameSize`; the message names the limit and the setting to raise. */
public final class FrameTooLargeException extends BraneRpcException {

    public FrameTooLargeException(String message) {
        super(RpcOutcome.FRAME_TOO_LARGE, message);
    }

    public FrameTooLargeException(String message, Throwable cause) {
        super(RpcOutcome.FRAME_TOO_LARGE, message, cause);
    }
}
