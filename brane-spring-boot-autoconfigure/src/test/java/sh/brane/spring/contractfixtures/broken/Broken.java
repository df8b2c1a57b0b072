package sh.brane.spring.contractfixtures.broken;

import sh.brane.client.contract.ContractAbi;
import sh.brane.spring.boot.autoconfigure.contract.BraneContract;

@BraneContract(address = "0x00000000000000000000000000000000000000b0")
@ContractAbi(resource = "/contracts/test-token.json")
public interface Broken {
    String decimals();
}
