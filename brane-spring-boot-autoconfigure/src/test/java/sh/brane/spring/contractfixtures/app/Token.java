package sh.brane.spring.contractfixtures.app;

import java.math.BigInteger;

import sh.brane.client.contract.BoundContract;
import sh.brane.client.contract.ContractAbi;
import sh.brane.client.contract.PreparedCall;
import sh.brane.core.types.Address;
import sh.brane.spring.boot.autoconfigure.contract.BraneContract;

@BraneContract(address = "${tokens.token}")
@ContractAbi(resource = "/contracts/test-token.json")
public interface Token extends BoundContract {
    int decimals();

    BigInteger balanceOf(Address holder);

    PreparedCall transfer(Address to, BigInteger value);
}
