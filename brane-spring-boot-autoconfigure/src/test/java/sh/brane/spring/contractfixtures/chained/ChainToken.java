package sh.brane.spring.contractfixtures.chained;

import sh.brane.client.contract.BoundContract;
import sh.brane.client.contract.ContractAbi;
import sh.brane.spring.boot.autoconfigure.contract.BraneContract;

/** Its chain (or client) comes from {@code brane.contracts.chainToken.*}. */
@BraneContract(address = "0x00000000000000000000000000000000000000a4")
@ContractAbi(resource = "/contracts/test-token.json")
public interface ChainToken extends BoundContract {
    int decimals();
}
