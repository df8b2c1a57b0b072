package sh.brane.client;

import java.util.List;
import java.util.Optional;

import sh.brane.rpc.CursorDecoder;

/**
 * The one-pass readers {@link BraneClient} gives its calls ({@link ClientCalls}' decoders, fast form), reached from
 * the benchmarks' package: the client's own decoders, not copies. In this package because the call table is
 * package-private.
 */
public final class CursorDecoders {

    private CursorDecoders() {
    }

    /** {@code eth_getBlockByNumber(n, true)}'s result reader. */
    public static CursorDecoder<Optional<Block>> fullBlock() {
        return ClientCalls.getBlockByNumber(BlockTag.number(1), true).decoder().cursorDecoder();
    }

    /** {@code eth_getBlockByNumber(n, true)}'s decoder, both forms: what the transport's answer reader is given. */
    public static sh.brane.rpc.ResultDecoder<Optional<Block>> fullBlockDecoder() {
        return ClientCalls.getBlockByNumber(BlockTag.number(1), true).decoder();
    }

    /** {@code eth_getBlockReceipts}' result reader. */
    public static CursorDecoder<Optional<List<Receipt>>> blockReceipts() {
        return ClientCalls.getBlockReceipts(BlockTag.number(1)).decoder().cursorDecoder();
    }

    /** {@code eth_getLogs}' result reader. */
    public static CursorDecoder<List<Log>> logs() {
        return ClientCalls.getLogs(LogFilter.builder().build()).decoder().cursorDecoder();
    }
}
