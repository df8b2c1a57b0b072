package sh.brane.client.contract;

import java.math.BigInteger;
import java.util.List;

import sh.brane.core.types.Address;

/** BraneTest.sol (structs, arrays, custom error) as a contract interface. */
@ContractAbi(resource = "/contracts/BraneTest.abi")
public interface BraneTestContract {

    BigInteger getValue();

    Info getInfo();

    List<BigInteger> getItems();

    @Function("getItems")
    BigInteger[] getItemsAsArray();

    void failCustom(BigInteger code);

    BigInteger divide(BigInteger numerator, BigInteger divisor);

    record Info(BigInteger value, Address owner, String name, boolean active) {
    }

    record Unauthorized(Address caller, BigInteger code) {
    }
}
