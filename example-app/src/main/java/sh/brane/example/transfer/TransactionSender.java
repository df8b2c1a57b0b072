package sh.brane.example.transfer;

import java.math.BigInteger;
import java.util.Locale;

import org.springframework.stereotype.Component;
import sh.brane.client.BraneClient;
import sh.brane.client.Receipt;
import sh.brane.client.RevertException;
import sh.brane.client.SigningClient;
import sh.brane.client.TxRequest;
import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;
import sh.brane.core.types.TokenAmount;
import sh.brane.example.token.TokenContract;
import sh.brane.rpc.RpcErrorException;

/**
 * Sends the service's transactions through the starter's {@link SigningClient} (nonces, fees, gas estimate,
 * signing). A transaction that would revert or that the signer cannot pay for is refused before anything is
 * signed, with the decoded reason.
 */
@Component
public class TransactionSender {

    private final SigningClient signer;
    private final BraneClient client;

    public TransactionSender(SigningClient signer) {
        this.signer = signer;
        this.client = signer.client();
    }

    public Address from() {
        return signer.address();
    }

    /** Checks, signs and sends; returns the transaction hash without waiting for it to be mined. */
    public Hash submit(Address to, BigInteger value, byte[] data) {
        BigInteger balance = client.getBalance(signer.address());
        if (balance.compareTo(value) < 0) {
            throw new TransferRejectedException("insufficient funds", "signer " + signer.address().toChecksumString()
                    + " holds " + TokenAmount.format(balance, 18) + " ETH, less than the " + TokenAmount.format(value, 18)
                    + " ETH to send", null);
        }
        try {
            return signer.submit(TxRequest.builder().to(to).value(value).data(data).build(), TokenContract.ABI);
        } catch (RevertException e) {
            throw new TransferRejectedException("execution reverted", e.reason().toString(), e.reason());
        } catch (RpcErrorException e) {
            throw rejectedByNode(e);
        }
    }

    /** Deploys a contract from the signer and waits for it to be mined. */
    public Address deploy(byte[] creationCode) {
        Receipt receipt = signer.send(TxRequest.builder().data(creationCode).build());
        return receipt.contractAddress();
    }

    /** The node refused the estimate for another cause than a revert, e.g. the signer cannot pay for the gas. */
    private static RuntimeException rejectedByNode(RpcErrorException e) {
        String message = e.rpcMessage() == null ? "" : e.rpcMessage();
        if (message.toLowerCase(Locale.ROOT).contains("insufficient funds")) {
            return new TransferRejectedException("insufficient funds", message, null);
        }
        return e;
    }
}
