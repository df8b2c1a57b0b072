package sh.brane.spring.contractfixtures.app;

import sh.brane.client.contract.BoundContract;
import sh.brane.client.contract.ContractAbi;
import sh.brane.spring.boot.autoconfigure.contract.BraneContract;

/** Its address comes from {@code brane.contracts.vault.address}. */
@BraneContract
@ContractAbi(resource = "/contracts/test-token.json")
public interface Vault extends BoundContract {
    int decimals();
}
