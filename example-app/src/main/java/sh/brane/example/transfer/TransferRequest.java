package sh.brane.example.transfer;

/**
 * A payment to make from the service's signer.
 *
 * @param to     the recipient address
 * @param amount a decimal amount in whole units: ether for ETH ("0.5"), tokens for an ERC-20 ("12.25")
 * @param token  the ERC-20 address, or null/absent/"ETH" for ether
 */
public record TransferRequest(String to, String amount, String token) {
}
