package sh.brane.example.token;

import java.math.BigInteger;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Service;
import sh.brane.client.BlockTag;
import sh.brane.client.BraneClient;
import sh.brane.client.CallRequest;
import sh.brane.core.abi.AbiFunction;
import sh.brane.core.types.Address;
import sh.brane.core.types.TokenAmount;
import sh.brane.example.transfer.TransactionSender;

/**
 * The service's ERC-20. On a development node it deploys {@code BraneToken} at start-up, minting the supply to
 * the signer; against a real node it uses the configured {@code app.token.address}.
 */
@Service
public class TokenService {

    private static final Logger log = LoggerFactory.getLogger(TokenService.class);
    private static final AbiFunction BALANCE_OF = TokenContract.ABI.function("balanceOf");
    private static final AbiFunction DECIMALS = TokenContract.ABI.function("decimals");
    private static final AbiFunction SYMBOL = TokenContract.ABI.function("symbol");

    private final BraneClient client;
    private final Address address;

    public TokenService(BraneClient client, TransactionSender sender,
                        @Value("${app.token.address:}") String configuredAddress,
                        @Value("${app.token.initial-supply:1000000}") long initialSupply) {
        this.client = client;
        if (!configuredAddress.isBlank()) {
            this.address = Address.of(configuredAddress.strip());
        } else {
            byte[] creation = TokenContract.ABI.constructor().orElseThrow()
                    .encodeDeploy(TokenContract.bytecode(), BigInteger.TEN.pow(18).multiply(BigInteger.valueOf(initialSupply)));
            this.address = sender.deploy(creation);
            log.info("Deployed BraneToken at {} (supply {} BET held by {})", address.toChecksumString(),
                    initialSupply, sender.from().toChecksumString());
        }
    }

    /** The token this service pays with. */
    public Address address() {
        return address;
    }

    public TokenInfo info() {
        return new TokenInfo(address.toChecksumString(), symbol(address), decimals(address));
    }

    /** {@code balanceOf(holder)} on {@code token}, decoded with the ABI. */
    public TokenBalance balance(Address token, Address holder) {
        byte[] result = call(token, BALANCE_OF.encodeCall(holder));
        BigInteger units = (BigInteger) BALANCE_OF.decodeReturn(result).get(0);
        int decimals = decimals(token);
        return new TokenBalance(token.toChecksumString(), holder.toChecksumString(), units,
                TokenAmount.format(units, decimals), symbol(token), decimals);
    }

    public int decimals(Address token) {
        return ((BigInteger) DECIMALS.decodeReturn(call(token, DECIMALS.encodeCall())).get(0)).intValueExact();
    }

    private String symbol(Address token) {
        return (String) SYMBOL.decodeReturn(call(token, SYMBOL.encodeCall())).get(0);
    }

    private byte[] call(Address token, byte[] data) {
        byte[] result = client.call(CallRequest.to(token, data), BlockTag.LATEST);
        if (result.length == 0) {
            throw new NoTokenException(token);
        }
        return result;
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
