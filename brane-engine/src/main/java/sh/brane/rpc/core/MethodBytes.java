package sh.brane.rpc.core;

import java.nio.charset.StandardCharsets;

/**
 * The bytes {@code ,"method":"<method>","params":[} kept for the few methods a client calls, copied in one piece
 * instead of checking and encoding the method each time. {@link #SLOTS} entries chosen by hash, the newest method
 * taking a slot; written without a lock, since an immutable entry is seen whole or not at all.
 */
public final class MethodBytes {

    /** Slots of the cache: more than the methods any client calls often. */
    public static final int SLOTS = 64;
    private static final byte[] BEFORE = ",\"method\":\"".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] AFTER = "\",\"params\":[".getBytes(StandardCharsets.US_ASCII);
    private static final Entry[] CACHE = new Entry[SLOTS];

    private MethodBytes() {
    }

    /** {@code ,"method":"<method>","params":[} in US-ASCII, or null when {@code method} is not plain printable ASCII
     *  (Jackson then writes it with escapes). Shared: never write into it. */
    public static byte[] of(String method) {
        int slot = method.hashCode() & (SLOTS - 1);
        Entry e = CACHE[slot];
        if (e != null && (e.method == method || e.method.equals(method))) {
            return e.bytes;
        }
        if (!RequestBytes.plain(method)) {
            return null;
        }
        byte[] m = method.getBytes(StandardCharsets.US_ASCII);
        byte[] bytes = new byte[BEFORE.length + m.length + AFTER.length];
        System.arraycopy(BEFORE, 0, bytes, 0, BEFORE.length);
        System.arraycopy(m, 0, bytes, BEFORE.length, m.length);
        System.arraycopy(AFTER, 0, bytes, BEFORE.length + m.length, AFTER.length);
        CACHE[slot] = new Entry(method, bytes);
        return bytes;
    }

    private record Entry(String method, byte[] bytes) {
    }
}
