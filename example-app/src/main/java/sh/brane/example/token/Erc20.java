package sh.brane.example.token;

import java.math.BigInteger;

import sh.brane.client.contract.ContractAbi;
import sh.brane.core.types.Address;

/** The ERC-20 reads this service makes, typed: bound by {@code BraneContracts}, checked against the ABI once. */
@ContractAbi(resource = "/contracts/BraneToken.abi.json")
public interface Erc20 {

    BigInteger balanceOf(Address holder);

    int decimals();

    String symbol();
}
