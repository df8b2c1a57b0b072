package sh.brane.spring.eventfixtures;

import java.math.BigInteger;

import sh.brane.client.contract.BoundContract;
import sh.brane.client.contract.ContractAbi;
import sh.brane.core.types.Address;
import sh.brane.spring.boot.autoconfigure.contract.BraneContract;

/**
 * A contract whose only job is to emit {@code Transfer(msg.sender, to, value)} for calldata {@code to ‖ value}
 * ({@link #RUNTIME}, installed with {@code anvil_setCode}).
 */
@BraneContract(address = "${emitter.address}")
@ContractAbi(resource = "/contracts/transfer-emitter.json")
public interface Emitter extends BoundContract {

    /**
     * CALLDATALOAD(32) → mem[0]; LOG3(0, 32, Transfer topic, CALLER, CALLDATALOAD(0)); STOP.
     */
    String RUNTIME = "0x602035600052600035337f"
            + "ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef" + "60206000a300";

    record Transfer(Address from, Address to, BigInteger value) {
    }
}
