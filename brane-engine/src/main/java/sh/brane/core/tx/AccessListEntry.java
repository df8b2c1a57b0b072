package sh.brane.core.tx;

import java.util.List;

import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;

/**
 * One entry of an EIP-2930 access list: an address and the storage slots of it the transaction
 * declares it will touch (both become warm, which makes the first access cheaper).
 *
 * @param address     the account
 * @param storageKeys its storage slots, possibly empty; duplicates are kept as given
 */
public record AccessListEntry(Address address, List<Hash> storageKeys) {

    public AccessListEntry {
        if (address == null) {
            throw new InvalidTransactionException("access list entry address is not set");
        }
        if (storageKeys == null) {
            throw new InvalidTransactionException("access list entry storageKeys is null (use an empty list)");
        }
        for (int i = 0; i < storageKeys.size(); i++) {
            if (storageKeys.get(i) == null) {
                throw new InvalidTransactionException("access list entry for " + address + " has a null storage key at index " + i);
            }
        }
        storageKeys = List.copyOf(storageKeys);
    }

    /** An entry with the given storage slots. */
    public static AccessListEntry of(Address address, Hash... storageKeys) {
        return new AccessListEntry(address, storageKeys == null ? null : java.util.Arrays.asList(storageKeys));
    }
}
