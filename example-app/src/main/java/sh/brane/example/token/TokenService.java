package sh.brane.example.token;

import java.math.BigInteger;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Service;
import sh.brane.client.BlockTag;
import sh.brane.client.BraneClient;
import sh.brane.client.contract.BraneContracts;
import sh.brane.client.contract.ContractBinder;
import sh.brane.client.contract.ContractCaller;
import sh.brane.client.tx.IdempotencyKey;
import sh.brane.core.types.Address;
import sh.brane.core.types.TokenAmount;
import sh.brane.example.transfer.TransactionSender;
import sh.brane.primitives.Hex;
import sh.brane.primitives.Keccak256;

/**
 * The service's ERC-20. On a development node it deploys {@code BraneToken} at start-up, minting the supply to
 * the signer; against a real node it uses the configured {@code app.token.address}.
 */
@Service
public class TokenService {

    private static final Logger log = LoggerFactory.getLogger(TokenService.class);
    /** Checked against the ABI once; binding it to each token address is then cheap. */
    private static final ContractBinder<Erc20> ERC20 = BraneContracts.binder(Erc20.class);

    private final BraneClient client;
    private final ContractCaller caller;
    private final Address address;

    public TokenService(BraneClient client, TransactionSender sender,
                        @Value("${app.token.address:}") String configuredAddress,
                        @Value("${app.token.initial-supply:1000000}") long initialSupply) {
        this.client = client;
        // a call to an address without code answers no data: say so instead of a decoding error
        this.caller = (request, errors) -> {
            byte[] result = client.call(request, BlockTag.LATEST, null, errors);
            if (result.length == 0) {
                throw new NoTokenException(request.to());
            }
            return result;
        };
        if (!configuredAddress.isBlank()) {
            this.address = Address.of(configuredAddress.strip());
        } else {
            byte[] creation = TokenContract.ABI.constructor().orElseThrow()
                    .encodeDeploy(TokenContract.bytecode(), BigInteger.TEN.pow(18).multiply(BigInteger.valueOf(initialSupply)));
            // One deployment per journal and bytecode: the deployment is journalled under a key derived from its
            // creation code, so a restart on the same journal (the node profile's H2 file or PostgreSQL, every
            // instance sharing it) finds it and reads its receipt instead of deploying another token. The devnet's
            // journal is fresh on every run, as its chain is.
            IdempotencyKey key = IdempotencyKey.of("brane-example/BraneToken/"
                    + Hex.encode(Keccak256.hash(creation)).substring(2, 18));
            boolean known = sender.journalled(key);
            this.address = sender.deploy(creation, key);
            log.info("{} BraneToken at {} (supply {} BET held by {})", known ? "Using the journalled" : "Deployed",
                    address.toChecksumString(), initialSupply, sender.from().toChecksumString());
        }
    }

    /** The token this service pays with. */
    public Address address() {
        return address;
    }

    public TokenInfo info() {
        return new TokenInfo(address.toChecksumString(), symbol(address), decimals(address));
    }

    /** {@code balanceOf(holder)} on {@code token}, through the typed {@link Erc20} interface. */
    public TokenBalance balance(Address token, Address holder) {
        Erc20 erc20 = erc20(token);
        BigInteger units = erc20.balanceOf(holder);
        int decimals = erc20.decimals();
        return new TokenBalance(token.toChecksumString(), holder.toChecksumString(), units,
                TokenAmount.format(units, decimals), erc20.symbol(), decimals);
    }

    public int decimals(Address token) {
        return erc20(token).decimals();
    }

    private String symbol(Address token) {
        return erc20(token).symbol();
    }

    private Erc20 erc20(Address token) {
        return ERC20.bind(token, client, caller);
    }

    /** The token's identity. */
    public record TokenInfo(String address, String symbol, int decimals) {
    }

    /** A holder's balance in the token's smallest unit and in whole tokens. */
    public record TokenBalance(String token, String holder, BigInteger balance, String formatted, String symbol,
                               int decimals) {
    }

    /** The address holds no contract answering the ERC-20 calls. */
    public static final class NoTokenException extends RuntimeException {
        public NoTokenException(Address token) {
            super("no ERC-20 token at " + token.toChecksumString() + ": the call returned no data");
        }
    }
}
