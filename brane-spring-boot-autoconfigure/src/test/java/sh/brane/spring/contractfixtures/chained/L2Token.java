package sh.brane.spring.contractfixtures.chained;

import sh.brane.client.contract.BoundContract;
import sh.brane.client.contract.ContractAbi;
import sh.brane.spring.boot.autoconfigure.contract.BraneContract;

/** Bound on the chain {@code l2} by the annotation. */
@BraneContract(address = "0x00000000000000000000000000000000000000a3", chain = "l2")
@ContractAbi(resource = "/contracts/test-token.json")
public interface L2Token extends BoundContract {
    int decimals();
}
