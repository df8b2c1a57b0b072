package sh.brane.example.dashboard;

import java.util.List;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;
import sh.brane.client.SigningClient;
import sh.brane.example.chain.ChainReader;
import sh.brane.example.token.TokenService;
import sh.brane.rpc.BraneProvider;

/**
 * A little traffic of the service's own, so the dashboard has something to show: every second it reads the
 * latest block, the signer's balance and its token balance (as a payment service watching its hot wallet would).
 */
@Component
@ConditionalOnProperty(name = "app.traffic.enabled", havingValue = "true", matchIfMissing = true)
class TrafficGenerator {

    private static final Logger log = LoggerFactory.getLogger(TrafficGenerator.class);

    private final BraneProvider provider;
    private final ChainReader chain;
    private final TokenService tokens;
    private final SigningClient signer;
    private final LatestBlock latestBlock;

    TrafficGenerator(BraneProvider provider, ChainReader chain, TokenService tokens, SigningClient signer,
                     LatestBlock latestBlock) {
        this.provider = provider;
        this.chain = chain;
        this.tokens = tokens;
        this.signer = signer;
        this.latestBlock = latestBlock;
    }

    @Scheduled(fixedRateString = "${app.traffic.interval-ms:1000}")
    void poll() {
        try {
            // through the coalescing path (the ring buffer on WebSocket), as a high-volume reader would
            provider.sendAsyncBatch("eth_blockNumber", List.of()).get(5, java.util.concurrent.TimeUnit.SECONDS);
            latestBlock.update(chain.latestBlock());
            chain.account(signer.address());
            tokens.balance(tokens.address(), signer.address());
        } catch (Exception e) {
            // the dashboard shows the failures; the log should not fill up while the node is away
            log.debug("traffic poll failed: {}", e.toString());
        }
    }

}
