package sh.brane.example.chain;

import java.math.BigInteger;
import java.time.Instant;
import java.util.List;

import org.springframework.stereotype.Service;
import sh.brane.core.types.Address;
import sh.brane.rpc.BraneProvider;
import tools.jackson.databind.JsonNode;

/** The read side of the service: chain state and accounts, straight from the node. */
@Service
public class ChainReader {

    private final BraneProvider provider;

    public ChainReader(BraneProvider provider) {
        this.provider = provider;
    }

    public ChainInfo chainInfo() {
        long chainId = Quantities.longValue(provider.send("eth_chainId", List.of()));
        BlockSummary latest = latestBlock();
        return new ChainInfo(chainId, latest.number(), latest.hash(), latest.timestamp(),
                latest.baseFeePerGas(), ConnectionState.of(provider), provider.pendingRequests());
    }

    public BlockSummary latestBlock() {
        JsonNode block = provider.send("eth_getBlockByNumber", List.of("latest", false));
        return BlockSummary.from(block);
    }

    public AccountInfo account(Address address) {
        BigInteger balance = Quantities.big(provider.send("eth_getBalance", List.of(address, "latest")));
        long nonce = Quantities.longValue(provider.send("eth_getTransactionCount", List.of(address, "latest")));
        return new AccountInfo(address.toChecksumString(), balance, EtherAmounts.toEther(balance), nonce);
    }

    /** The chain now: what {@code GET /api/chain} answers. */
    public record ChainInfo(long chainId, long latestBlock, String latestBlockHash, Instant latestBlockTime,
                            BigInteger baseFeePerGas, String connection, int pendingRequests) {
    }

    /** An account's balance (wei and ether) and nonce. */
    public record AccountInfo(String address, BigInteger balanceWei, String balanceEther, long nonce) {
    }

    /** The fields of a block header the service uses. */
    public record BlockSummary(long number, String hash, Instant timestamp, BigInteger baseFeePerGas) {
        static BlockSummary from(JsonNode block) {
            return new BlockSummary(Quantities.longValue(block.get("number")), block.get("hash").asString(),
                    Instant.ofEpochSecond(Quantities.longValue(block.get("timestamp"))),
                    Quantities.big(block.get("baseFeePerGas")));
        }
    }
}
