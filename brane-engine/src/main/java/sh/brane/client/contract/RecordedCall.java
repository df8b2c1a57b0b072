package sh.brane.client.contract;

import sh.brane.core.types.Address;

/** A read method's call captured without being made: target, calldata and how to decode its answer. */
record RecordedCall(ContractHandler handler, MethodBinding binding, Address target, byte[] calldata) {

    Object decode(byte[] returnData) {
        return binding.decode(returnData);
    }
}
