package sh.brane.spring.contractfixtures.unaddressed;

import sh.brane.client.contract.ContractAbi;
import sh.brane.spring.boot.autoconfigure.contract.BraneContract;

@BraneContract
@ContractAbi(resource = "/contracts/test-token.json")
public interface Unaddressed {
    int decimals();
}
