package sh.brane.readme.gettingstarted;

import java.math.BigInteger;

import sh.brane.client.contract.BoundContract;
import sh.brane.client.contract.ContractAbi;
import sh.brane.core.types.Address;
import sh.brane.spring.boot.autoconfigure.contract.BraneContract;

/**
 * docs/getting-started.md, "4. Bind a contract"; the test's ABI is the transfer emitter's ({@code Transfer} event),
 * at /contracts/transfer-emitter.json instead of the page's /abi/token.json.
 */
@BraneContract(address = "${token.address}")
@ContractAbi(resource = "/contracts/transfer-emitter.json")
public interface Token extends BoundContract {

    record Transfer(Address from, Address to, BigInteger value) {
    }
}
