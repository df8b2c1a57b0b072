package sh.brane.core.abi;

import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;

/**
 * ABI encoder in two passes: the exact size first (held by each {@link AbiValue} since it was
 * built), then one write straight into the caller's buffer. No intermediate arrays, no
 * {@link BigInteger} work, no hex: {@code encodeTo} and {@code encodeUint256} allocate nothing.
 *
 * <pre>{@code
 * AbiValue to = AbiValue.address(Address.of("0x..."));        // build once
 * ByteBuffer buffer = ByteBuffer.allocate(68);                 // reuse
 * FastAbiEncoder.encodeTo(TRANSFER_SELECTOR, new AbiValue[] {to, AbiValue.uint256(amount)}, buffer);
 * }</pre>
 *
 * <p>All methods write big-endian words whatever the buffer's {@link ByteBuffer#order() order}.
 * The buffer's position advances by the bytes written; its limit is not changed.
 */
public final class FastAbiEncoder {

    private static final byte[] ZEROS = new byte[32];

    private FastAbiEncoder() {
    }

    /**
     * The exact number of bytes {@link #encodeTo(byte[], AbiValue[], ByteBuffer)} writes for these
     * arguments, without the selector.
     */
    public static int encodedSize(AbiValue[] args) {
        long size = AbiValue.sequenceSize(args);
        if (size > Integer.MAX_VALUE - 64) {
            throw new AbiEncodingException("arguments would encode to " + size + " bytes, too many for one buffer");
        }
        return (int) size;
    }

    /** As {@link #encodedSize(AbiValue[])} for a list. */
    public static int encodedSize(List<? extends AbiValue> args) {
        long size = 0;
        for (int i = 0, n = args.size(); i < n; i++) {
            AbiValue v = args.get(i);
            size += v.dynamic ? 32L + v.encodedSize : v.encodedSize;
        }
        if (size > Integer.MAX_VALUE - 64) {
            throw new AbiEncodingException("arguments would encode to " + size + " bytes, too many for one buffer");
        }
        return (int) size;
    }

    /**
     * Writes {@code selector} (if not null) followed by the ABI encoding of {@code args} as a tuple,
     * into {@code buffer} at its position. Allocates nothing.
     *
     * @param selector the 4-byte function selector, or {@code null} to write the arguments only
     *                 (constructor arguments, return data)
     * @return the number of bytes written
     * @throws AbiEncodingException if the buffer has fewer bytes remaining than the encoding needs;
     *                              nothing is written then
     */
    public static int encodeTo(byte[] selector, AbiValue[] args, ByteBuffer buffer) {
        int selectorLength = selector == null ? 0 : selector.length;
        int head = 0;
        long total = selectorLength;
        for (AbiValue v : args) {
            if (v == null) {
                throw nullArgument(args);
            }
            head += v.type.headSize();
            total += v.dynamic ? 32L + v.encodedSize : v.encodedSize;
        }
        checkRoom(buffer, total);
        if (selector != null) {
            buffer.put(selector);
        }
        writeSequence(args, head, buffer);
        return (int) total;
    }

    /** As {@link #encodeTo(byte[], AbiValue[], ByteBuffer)} for a list; allocates nothing for {@code List.of} or {@code ArrayList}. */
    public static int encodeTo(byte[] selector, List<? extends AbiValue> args, ByteBuffer buffer) {
        int selectorLength = selector == null ? 0 : selector.length;
        int n = args.size();
        int head = 0;
        long total = selectorLength;
        for (int i = 0; i < n; i++) {
            AbiValue v = args.get(i);
            if (v == null) {
                throw new AbiEncodingException("argument " + i + " is null");
            }
            head += v.type.headSize();
            total += v.dynamic ? 32L + v.encodedSize : v.encodedSize;
        }
        checkRoom(buffer, total);
        if (selector != null) {
            buffer.put(selector);
        }
        int tail = head;
        for (int i = 0; i < n; i++) {
            AbiValue v = args.get(i);
            if (v.dynamic) {
                putIntWord(buffer, tail);
                tail += v.encodedSize;
            } else {
                writeStatic(v, buffer);
            }
        }
        for (int i = 0; i < n; i++) {
            AbiValue v = args.get(i);
            if (v.dynamic) {
                writeDynamic(v, buffer);
            }
        }
        return (int) total;
    }

    /** Selector (if not null) and encoded arguments in a new array of exactly the right size. */
    public static byte[] encode(byte[] selector, AbiValue... args) {
        int size = (selector == null ? 0 : selector.length) + encodedSize(args);
        byte[] out = new byte[size];
        encodeTo(selector, args, ByteBuffer.wrap(out));
        return out;
    }

    /** Writes {@code value} as one 32-byte {@code uint256} word. Allocates nothing. */
    public static void encodeUint256(long value, ByteBuffer buffer) {
        if (value < 0) {
            throw new AbiEncodingException("uint256 cannot hold the negative value " + value
                    + "; pass a BigInteger or AbiValue for values of 2^63 and above");
        }
        checkRoom(buffer, 32);
        putLongWord(buffer, value);
    }

    /** Writes {@code value} as one 32-byte two's-complement {@code int256} word. Allocates nothing. */
    public static void encodeInt256(long value, ByteBuffer buffer) {
        checkRoom(buffer, 32);
        putLongWord(buffer, value);
    }

    /** Writes a {@code bool} word. Allocates nothing. */
    public static void encodeBool(boolean value, ByteBuffer buffer) {
        checkRoom(buffer, 32);
        putLongWord(buffer, value ? 1 : 0);
    }

    /** Writes one value's own encoding (its tail, for dynamic values). Allocates nothing. */
    public static void encodeValue(AbiValue value, ByteBuffer buffer) {
        checkRoom(buffer, value.encodedSize);
        if (value.dynamic) {
            writeDynamic(value, buffer);
        } else {
            writeStatic(value, buffer);
        }
    }

    // ---- internals ----

    private static void writeStatic(AbiValue v, ByteBuffer buf) {
        if (v instanceof AbiValue.Word w) {
            if (w.word != null) {
                buf.put(w.word);
            } else {
                putLongWord(buf, w.small);
            }
        } else if (v instanceof AbiValue.Tuple t) {
            for (AbiValue c : t.components) {
                writeStatic(c, buf);
            }
        } else {
            for (AbiValue e : ((AbiValue.Array) v).elements) {
                writeStatic(e, buf);
            }
        }
    }

    private static void writeDynamic(AbiValue v, ByteBuffer buf) {
        if (v instanceof AbiValue.DynamicBytes b) {
            int len = b.content.length;
            putIntWord(buf, len);
            buf.put(b.content);
            int pad = AbiValue.padded(len) - len;
            if (pad > 0) {
                buf.put(ZEROS, 0, pad);
            }
        } else if (v instanceof AbiValue.Array a) {
            if (!((AbiType.ArrayType) a.type).isFixedLength()) {
                putIntWord(buf, a.elements.length);
            }
            writeSequence(a.elements, a.sequenceHeadSize, buf);
        } else {
            AbiValue.Tuple t = (AbiValue.Tuple) v;
            writeSequence(t.components, t.sequenceHeadSize, buf);
        }
    }

    private static void writeSequence(AbiValue[] items, int headSize, ByteBuffer buf) {
        int tail = headSize;
        for (AbiValue v : items) {
            if (v.dynamic) {
                putIntWord(buf, tail);
                tail += v.encodedSize;
            } else {
                writeStatic(v, buf);
            }
        }
        for (AbiValue v : items) {
            if (v.dynamic) {
                writeDynamic(v, buf);
            }
        }
    }

    private static void putIntWord(ByteBuffer buf, int value) {
        buf.put(ZEROS, 0, 28);
        buf.putInt(buf.order() == ByteOrder.BIG_ENDIAN ? value : Integer.reverseBytes(value));
    }

    private static void putLongWord(ByteBuffer buf, long value) {
        long fill = value >> 63;
        boolean big = buf.order() == ByteOrder.BIG_ENDIAN;
        if (fill == 0) {
            buf.put(ZEROS, 0, 24);
        } else {
            buf.putLong(fill).putLong(fill).putLong(fill);
        }
        buf.putLong(big ? value : Long.reverseBytes(value));
    }

    private static AbiEncodingException nullArgument(AbiValue[] args) {
        for (int i = 0; i < args.length; i++) {
            if (args[i] == null) {
                return new AbiEncodingException("argument " + i + " is null");
            }
        }
        return new AbiEncodingException("an argument is null");
    }

    private static void checkRoom(ByteBuffer buffer, long needed) {
        if (buffer.remaining() < needed) {
            throw new AbiEncodingException("buffer has " + buffer.remaining() + " bytes remaining but the encoding needs "
                    + needed);
        }
    }
}
