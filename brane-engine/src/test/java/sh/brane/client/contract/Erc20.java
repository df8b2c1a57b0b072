package sh.brane.client.contract;

import java.math.BigInteger;

import sh.brane.client.Receipt;
import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;

/** The test ERC-20 (BraneToken.sol) as a contract interface. */
@ContractAbi(resource = "/contracts/BraneToken.abi.json")
public interface Erc20 extends BoundContract {

    BigInteger balanceOf(Address holder);

    int decimals();

    String symbol();

    String name();

    BigInteger totalSupply();

    Hash transfer(Address to, BigInteger amount);

    @Function("transfer")
    Receipt transferAndWait(Address to, BigInteger amount);

    @Function("approve")
    PreparedCall prepareApprove(Address spender, BigInteger amount);

    @Function("transfer")
    PreparedCall prepareTransfer(Address to, BigInteger amount);

    record Transfer(Address from, Address to, BigInteger value) {
    }

    record InsufficientBalance(Address from, BigInteger balance, BigInteger needed) {
    }
}
