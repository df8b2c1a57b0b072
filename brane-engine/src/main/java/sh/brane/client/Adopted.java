package sh.brane.client;

/**
 * Lets a reader hand the byte array it has just decoded to the record it builds next on the same thread, which then
 * keeps that array instead of copying it. A record with a {@code byte[]} copies what its public constructor is given
 * (the caller may change its array afterwards); an array fresh from the reader is reachable from nowhere else, and
 * copying it again doubled the bytes of every transaction's input and every log's data in a decoded block. Any other
 * array, and the same array given a second time, is copied as before. An empty array is shared, never copied: it
 * cannot change.
 */
final class Adopted {
    private static final byte[] EMPTY = new byte[0];
    private static final ThreadLocal<byte[]> NEXT = new ThreadLocal<>();

    private Adopted() {
    }

    /** Marks {@code fresh}, just decoded and referenced nowhere else, as the next array a record may keep. */
    static byte[] handOver(byte[] fresh) {
        NEXT.set(fresh);
        return fresh;
    }

    /** {@code bytes} itself if it was handed over (once), else a copy; the shared empty array for no bytes. */
    static byte[] take(byte[] bytes) {
        if (bytes.length == 0) {
            return EMPTY;
        }
        if (NEXT.get() == bytes) {
            NEXT.set(null);
            return bytes;
        }
        return bytes.clone();
    }

    /** What a record's accessor returns: a copy, or the shared empty array. */
    static byte[] copy(byte[] bytes) {
        return bytes.length == 0 ? EMPTY : bytes.clone();
    }
}
