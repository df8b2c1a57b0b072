package sh.brane.client.contract;

import java.math.BigInteger;
import java.util.Arrays;

import sh.brane.client.TxRequest;
import sh.brane.core.types.Address;
import sh.brane.primitives.Hex;

/**
 * A contract call encoded but not sent: what a state-changing method of a contract interface returns when it
 * declares this type (or when no signer is bound), to sign elsewhere, e.g. in a multisig or a batch.
 *
 * @param to    the contract
 * @param data  the calldata (selector and arguments); a copy is kept and returned
 * @param value the wei sent with it (zero unless the function is payable and a {@code Wei} was passed)
 */
public record PreparedCall(Address to, byte[] data, BigInteger value) {

    public PreparedCall {
        data = data.clone();
    }

    @Override
    public byte[] data() {
        return data.clone();
    }

    /** A transaction request with these fields; the signer fills nonce, gas and fees. */
    public TxRequest toTxRequest() {
        return TxRequest.builder().to(to).data(data).value(value).build();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PreparedCall p && p.to.equals(to) && Arrays.equals(p.data, data) && p.value.equals(value);
    }

    @Override
    public int hashCode() {
        return (to.hashCode() * 31 + Arrays.hashCode(data)) * 31 + value.hashCode();
    }

    @Override
    public String toString() {
        return "PreparedCall[to=" + to + ", data=" + (data.length > 68 ? Hex.encode(Arrays.copyOf(data, 68)) + "..."
                : Hex.encode(data)) + ", value=" + value + "]";
    }
}
