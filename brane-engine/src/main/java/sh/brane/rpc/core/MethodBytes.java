package sh.brane.rpc.core;

import java.nio.charset.StandardCharsets;

/**
 * The bytes between a request's id and its params, {@code ,"method":"<method>","params":[}, kept for the few methods
 * a client calls, so that writing a request copies them in one piece instead of checking and encoding the method's
 * characters every time (in a batch of 100 that was done 100 times for the same string).
 *
 * <p>Bounded: {@link #SLOTS} entries, chosen by the method's hash; a method whose slot holds another one is encoded
 * again and takes the slot, so any number of distinct methods costs at most that many entries. The slots are written
 * without a lock: an entry is immutable, so a thread sees either a whole entry or an older one, and either is right
 * when its method is equal.
 */
public final class MethodBytes {

    /** Slots of the cache: more than the methods any client calls often. */
    public static final int SLOTS = 64;
    private static final byte[] BEFORE = ",\"method\":\"".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] AFTER = "\",\"params\":[".getBytes(StandardCharsets.US_ASCII);
    private static final Entry[] CACHE = new Entry[SLOTS];

    private MethodBytes() {
    }

    /**
     * {@code ,"method":"<method>","params":[} in US-ASCII, or null when {@code method} is not plain printable ASCII
     * (a quote, a backslash, a control or non-ASCII character: Jackson writes such a request, with its escapes).
     * The array is shared: never write into it.
     */
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
