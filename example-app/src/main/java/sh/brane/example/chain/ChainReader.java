package sh.brane.example.chain;

import java.math.BigInteger;
import java.time.Instant;

import org.springframework.stereotype.Service;
import sh.brane.client.BlockHeader;
import sh.brane.client.BlockTag;
import sh.brane.client.BraneClient;
import sh.brane.core.types.Address;
import sh.brane.core.types.TokenAmount;

/** The read side of the service: chain state and accounts, through the starter's {@link BraneClient}. */
@Service
public class ChainReader {

    private final BraneClient client;

    public ChainReader(BraneClient client) {
        this.client = client;
    }

    public ChainInfo chainInfo() {
        long chainId = client.chainId();
        BlockSummary latest = latestBlock();
        return new ChainInfo(chainId, latest.number(), latest.hash(), latest.timestamp(),
                latest.baseFeePerGas(), ConnectionState.of(client.provider()), client.provider().pendingRequests());
    }

    public BlockSummary latestBlock() {
        BlockHeader header = client.getBlockByNumber(BlockTag.LATEST, false)
                .orElseThrow(() -> new IllegalStateException("the node has no latest block"))
                .header();
        return BlockSummary.from(header);
    }

    public AccountInfo account(Address address) {
        BigInteger balance = client.getBalance(address);
        long nonce = client.getTransactionCount(address, BlockTag.LATEST);
        return new AccountInfo(address.toChecksumString(), balance, TokenAmount.format(balance, 18), nonce);
    }

    /** The chain now: what {@code GET /api/chain} answers. */
    public record ChainInfo(long chainId, long latestBlock, String latestBlockHash, Instant latestBlockTime,
                            BigInteger baseFeePerGas, String connection, int pendingRequests) {
    }

    /** An account's balance (wei and ether) and nonce. */
    public record AccountInfo(String address, BigInteger balanceWei, String balanceEther, long nonce) {
    }

    /** The fields of a block header the service shows. */
    public record BlockSummary(long number, String hash, Instant timestamp, BigInteger baseFeePerGas) {
        public static BlockSummary from(BlockHeader header) {
            return new BlockSummary(header.number(), header.hash() == null ? null : header.hash().toHex(),
                    Instant.ofEpochSecond(header.timestamp()), header.baseFeePerGas());
        }
    }
}
