package sh.brane.client.events;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Consumer;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import sh.brane.client.Block;
import sh.brane.client.Log;
import sh.brane.rpc.RpcErrorException;

/**
 * A block's logs asked by the block's hash (EIP-234), for a {@link LogStream} that must not pass a block on an answer
 * that only looks empty. A node holding the block answers its logs, so {@code []} means none; a node that does not
 * hold it (a replica behind the one that served the header, or the block left the chain) answers an error, read as
 * "not yet" ({@code null}): the stream stops before the block and asks again on its next pass. Quietly at first (a
 * replica one block behind catches up within a block); every {@link #REPORT_PASSES}th pass in a row on the same block
 * is reported as {@link LogsNotYetAvailableException}, so a stream held back for good is not silent.
 */
final class BlockLogs {
    private static final Logger LOG = LoggerFactory.getLogger(LogStream.class);
    /** Passes in a row a block's logs may be "not yet" before each report. */
    static final int REPORT_PASSES = 10;

    private final String stream;
    private final ChunkedLogFetcher fetcher;
    private final LogStreamStats stats;
    private final Consumer<Exception> report;
    private long notYetBlock = -1;
    private int notYetPasses;

    BlockLogs(String stream, ChunkedLogFetcher fetcher, LogStreamStats stats, Consumer<Exception> report) {
        this.stream = stream;
        this.fetcher = fetcher;
        this.stats = stats;
        this.report = report;
    }

    /** Sends the query for {@code block}'s logs (several may be in flight; {@link #read} them in chain order). */
    CompletableFuture<List<Log>> ask(Block block) {
        return fetcher.fetchBlock(block.hash());
    }

    /** The answer to {@link #ask}: {@code block}'s logs, or null if the node cannot give them yet. */
    List<Log> read(CompletableFuture<List<Log>> asked, Block block) {
        List<Log> logs;
        try {
            logs = asked.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RpcErrorException refused) {
                if (LogQueryTooLarge.classify(refused) != null) {
                    // one block's logs over the node's answer cap: no split can help, and it is no lag either
                    throw new LogQueryRefusedException(block.number(), block.number(), refused);
                }
                notYet(block, refused);
                return null;
            }
            throw e.getCause() instanceof RuntimeException cause ? cause : e; // the node's error, as itself
        }
        for (Log log : logs) {
            if (!block.hash().equals(log.blockHash())) {
                return null; // an answer about another block than the one asked: treated as not known yet
            }
        }
        if (notYetBlock == block.number()) {
            notYetBlock = -1;
            notYetPasses = 0;
        }
        return logs;
    }

    private void notYet(Block block, RpcErrorException e) {
        if (notYetBlock == block.number()) {
            notYetPasses++;
        } else {
            notYetBlock = block.number();
            notYetPasses = 1;
        }
        stats.logsNotYet();
        if (notYetPasses % REPORT_PASSES == 0) {
            report.accept(new LogsNotYetAvailableException(stream, block.number(), block.hash(), notYetPasses, e));
        } else {
            LOG.debug("log stream '{}': the node cannot give the logs of block {} ({}) yet: {}", stream,
                    block.number(), block.hash(), e.getMessage());
        }
    }
}
