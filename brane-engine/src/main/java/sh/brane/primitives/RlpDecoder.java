package sh.brane.primitives;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** Strict recursive-descent RLP decoder over a private copy of the input. */
final class RlpDecoder {

    private final byte[] input;
    private final int maxDepth;
    private int pos;

    RlpDecoder(byte[] input, int maxDepth) {
        this.input = input;
        this.maxDepth = maxDepth;
    }

    RlpItem decodeOne() {
        if (input.length == 0) {
            throw new RlpDecodingException("empty input: expected one RLP item");
        }
        RlpItem item = readItem(input.length, 0);
        if (pos != input.length) {
            throw new RlpDecodingException("trailing bytes: the RLP item ends at offset " + pos + " but the input has "
                    + input.length + " bytes (" + (input.length - pos) + " trailing)");
        }
        return item;
    }

    /** Reads one item starting at {@code pos} that must end by {@code end}; {@code depth} lists enclose it. */
    private RlpItem readItem(int end, int depth) {
        int start = pos;
        int prefix = input[pos++] & 0xFF;
        if (prefix < Rlp.STRING_OFFSET) {
            return new RlpString(input, start, 1, start);
        }
        if (prefix <= Rlp.LONG_STRING_OFFSET) {
            int len = prefix - Rlp.STRING_OFFSET;
            checkPayloadFits(len, end, start, "string");
            if (len == 1 && input[pos] >= 0) {
                throw new RlpDecodingException(String.format("non-canonical string at offset %d: the single byte 0x%02x"
                        + " below 0x80 must be encoded as itself, not as 0x81%02x", start, input[pos], input[pos]));
            }
            return string(start, len);
        }
        if (prefix < Rlp.LIST_OFFSET) {
            int len = readLongLength(prefix - Rlp.LONG_STRING_OFFSET, end, start, "string");
            return string(start, len);
        }
        int len = prefix <= Rlp.LONG_LIST_OFFSET
                ? checkPayloadFits(prefix - Rlp.LIST_OFFSET, end, start, "list")
                : readLongLength(prefix - Rlp.LONG_LIST_OFFSET, end, start, "list");
        return list(start, len, depth + 1);
    }

    private RlpString string(int start, int len) {
        RlpString s = new RlpString(input, pos, len, start);
        pos += len;
        return s;
    }

    private RlpList list(int start, int len, int depth) {
        if (depth > maxDepth) {
            throw new RlpDecodingException("list at offset " + start + " is nested " + depth
                    + " lists deep; at most " + maxDepth + " are allowed");
        }
        int listEnd = pos + len;
        if (len == 0) {
            return new RlpList(List.of(), start);
        }
        List<RlpItem> items = new ArrayList<>();
        while (pos < listEnd) {
            items.add(readItem(listEnd, depth));
        }
        return new RlpList(Collections.unmodifiableList(items), start);
    }

    /** Reads a big-endian length of {@code lengthOfLength} bytes after a 0xb8..0xbf or 0xf8..0xff prefix. */
    private int readLongLength(int lengthOfLength, int end, int start, String kind) {
        if (lengthOfLength > end - pos) {
            throw new RlpDecodingException("truncated " + kind + " header at offset " + start + ": its length takes "
                    + lengthOfLength + " bytes but only " + (end - pos) + " remain");
        }
        if (input[pos] == 0) {
            throw new RlpDecodingException("non-canonical " + kind + " header at offset " + start
                    + ": its " + lengthOfLength + "-byte length has a leading zero byte");
        }
        long len = 0;
        for (int i = 0; i < lengthOfLength; i++) {
            len = (len << 8) | (input[pos++] & 0xFF);
        }
        // 8 length bytes can make len negative as a signed long: both cases are too big
        if (len < 0 || len > Integer.MAX_VALUE) {
            throw new RlpDecodingException(kind + " at offset " + start + " declares a length of "
                    + Long.toUnsignedString(len) + " bytes, which overflows int (at most 2^31-1)");
        }
        if (len <= Rlp.SHORT_LENGTH_LIMIT) {
            throw new RlpDecodingException("non-canonical " + kind + " header at offset " + start + ": length " + len
                    + " uses the long form, but lengths up to 55 must be encoded in the prefix byte");
        }
        return checkPayloadFits((int) len, end, start, kind);
    }

    private int checkPayloadFits(int len, int end, int start, String kind) {
        if (len > end - pos) {
            throw new RlpDecodingException(kind + " at offset " + start + " declares " + len
                    + " payload bytes but only " + (end - pos) + " remain in "
                    + (end == input.length ? "the input" : "its enclosing list"));
        }
        return len;
    }
}
