package sh.brane.client;

import sh.brane.core.types.Address;

/**
 * A validator withdrawal (EIP-4895) in a block since Shanghai.
 *
 * @param amount in Gwei, as the consensus layer counts it (1 Gwei = 10^9 wei)
 */
public record Withdrawal(long index, long validatorIndex, Address address, long amount) {
}
