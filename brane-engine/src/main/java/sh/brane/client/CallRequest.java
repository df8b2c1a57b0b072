package sh.brane.client;

import java.math.BigInteger;
import java.util.LinkedHashMap;
import java.util.Map;

import sh.brane.core.types.Address;
import sh.brane.primitives.Hex;

/**
 * The transaction object of {@code eth_call} and {@code eth_estimateGas}. Every field is optional.
 */
public record CallRequest(Address from, Address to, BigInteger value, byte[] data, Long gas, BigInteger gasPrice) {

    public static CallRequest to(Address to, byte[] data) {
        return new CallRequest(null, to, null, data, null, null);
    }

    public CallRequest withFrom(Address sender) {
        return new CallRequest(sender, to, value, data, gas, gasPrice);
    }

    public CallRequest withValue(BigInteger wei) {
        return new CallRequest(from, to, wei, data, gas, gasPrice);
    }

    public CallRequest withGas(long gasLimit) {
        return new CallRequest(from, to, value, data, gasLimit, gasPrice);
    }

    /** The JSON-RPC object. */
    public Map<String, Object> toJson() {
        Map<String, Object> m = new LinkedHashMap<>();
        if (from != null) {
            m.put("from", from.toHex());
        }
        if (to != null) {
            m.put("to", to.toHex());
        }
        if (value != null) {
            m.put("value", Quantities.hex(value));
        }
        if (data != null) {
            m.put("data", Hex.encode(data));
        }
        if (gas != null) {
            m.put("gas", Quantities.hex(gas));
        }
        if (gasPrice != null) {
            m.put("gasPrice", Quantities.hex(gasPrice));
        }
        return m;
    }
}
