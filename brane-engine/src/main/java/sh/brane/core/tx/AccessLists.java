package sh.brane.core.tx;

import java.util.List;

import sh.brane.core.types.Hash;
import sh.brane.primitives.Rlp;
import sh.brane.primitives.RlpWriter;

/** RLP sizing and writing of access lists: {@code [[address, [key, ...]], ...]}. */
final class AccessLists {

    /** An address is always 21 bytes (0x94 + 20), a storage key 33 (0xa0 + 32). */
    private static final int ADDRESS_ITEM = 21;
    private static final int KEY_ITEM = 33;

    private AccessLists() {
    }

    static List<AccessListEntry> copy(List<AccessListEntry> list) {
        if (list == null) {
            throw new InvalidTransactionException("accessList is null (use an empty list)");
        }
        for (int i = 0; i < list.size(); i++) {
            if (list.get(i) == null) {
                throw new InvalidTransactionException("accessList has a null entry at index " + i);
            }
        }
        return List.copyOf(list);
    }

    /** Full RLP length of the access list, header included. */
    static int length(List<AccessListEntry> list) {
        return Rlp.sizeOfList(payload(list));
    }

    static void write(RlpWriter w, List<AccessListEntry> list) {
        w.writeListHeader(payload(list));
        for (int i = 0, n = list.size(); i < n; i++) {
            AccessListEntry e = list.get(i);
            w.writeListHeader(entryPayload(e));
            TxRlp.writeAddress(w, e.address());
            List<Hash> keys = e.storageKeys();
            w.writeListHeader(keys.size() * KEY_ITEM);
            for (int k = 0, m = keys.size(); k < m; k++) {
                TxRlp.writeHash(w, keys.get(k));
            }
        }
    }

    /** RLP length of the list's items, without its header. */
    private static int payload(List<AccessListEntry> list) {
        long payload = 0;
        for (int i = 0, n = list.size(); i < n; i++) {
            payload += Rlp.sizeOfList(entryPayload(list.get(i)));
        }
        return TxRlp.checkedLength(payload);
    }

    private static int entryPayload(AccessListEntry e) {
        return ADDRESS_ITEM + Rlp.sizeOfList(TxRlp.checkedLength((long) e.storageKeys().size() * KEY_ITEM));
    }
}
