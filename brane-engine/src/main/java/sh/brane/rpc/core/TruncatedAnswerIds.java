package sh.brane.rpc.core;

import java.util.Arrays;

import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;

import static sh.brane.rpc.core.JsonRpcReader.NOTIFICATION;
import static sh.brane.rpc.core.JsonRpcReader.NO_ID;
import static sh.brane.rpc.core.JsonRpcReader.parseLongOrNoId;

/**
 * The id of an answer too large to keep whole, found in its kept prefix and suffix, so its caller is told at once
 * instead of at its timeout. Never throws on any bytes.
 */
public final class TruncatedAnswerIds {

    private TruncatedAnswerIds() { }

    /** The top-level {@code id} of a truncated response, or {@link JsonRpcReader#NO_ID} if neither part shows it
     *  unambiguously. */
    public static long recoverId(byte[] prefix, int prefixLen, byte[] suffix, int suffixLen) {
        long id = idFromPrefix(prefix, prefixLen);
        return id != NO_ID ? id : idFromSuffix(suffix, suffixLen);
    }

    /** The id of one answer in a truncated batch: the first element's if the start holds it, else the last's if it
     *  closes the array; {@link JsonRpcReader#NO_ID} otherwise. */
    public static long batchMemberId(byte[] prefix, int prefixLen, byte[] suffix, int suffixLen) {
        int first = 0;
        while (first < prefixLen && isWs(prefix[first])) {
            first++;
        }
        if (first == prefixLen || prefix[first] != '[') {
            return NO_ID;
        }
        long id = idFromPrefix(Arrays.copyOfRange(prefix, first + 1, prefixLen), prefixLen - first - 1);
        if (id != NO_ID && id != NOTIFICATION) {
            return id;
        }
        int end = skipWs(suffix, suffixLen - 1);
        return end >= 0 && suffix[end] == ']' ? idFromSuffix(suffix, end) : NO_ID;
    }

    private static boolean isWs(byte b) {
        return b == ' ' || b == '\n' || b == '\r' || b == '\t';
    }

    private static long idFromPrefix(byte[] prefix, int len) {
        try (JsonParser p = JsonRpcWriter.MAPPER.createParser(prefix, 0, len)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return NO_ID;
            }
            while (p.nextToken() == JsonToken.PROPERTY_NAME) {
                String name = p.currentName();
                JsonToken t = p.nextToken();
                if ("id".equals(name)) {
                    if (t == JsonToken.VALUE_NUMBER_INT) {
                        return p.getLongValue();
                    }
                    return t == JsonToken.VALUE_STRING ? parseLongOrNoId(p.getString()) : NO_ID;
                }
                if ("method".equals(name)) {
                    return NOTIFICATION;
                }
                p.skipChildren();
            }
        } catch (JacksonException e) {
            // the prefix ends mid-value: the id was not in it
        }
        return NO_ID;
    }

    /** Accepts only {@code "id":<digits>}} at the very end: one closing brace means the outermost object's id. */
    private static long idFromSuffix(byte[] s, int len) {
        int i = skipWs(s, len - 1);
        if (i < 0 || s[i] != '}') {
            return NO_ID;
        }
        i = skipWs(s, i - 1);
        int end = i;
        while (i >= 0 && s[i] >= '0' && s[i] <= '9') {
            i--;
        }
        if (i == end || end - i > 18) {
            return NO_ID;
        }
        int start = i + 1;
        i = skipWs(s, i);
        if (i < 0 || s[i] != ':') {
            return NO_ID;
        }
        i = skipWs(s, i - 1);
        if (i < 3 || s[i] != '"' || s[i - 1] != 'd' || s[i - 2] != 'i' || s[i - 3] != '"') {
            return NO_ID;
        }
        long v = 0;
        for (int k = start; k <= end; k++) {
            v = v * 10 + (s[k] - '0');
        }
        return v;
    }

    private static int skipWs(byte[] s, int i) {
        while (i >= 0 && isWs(s[i])) {
            i--;
        }
        return i;
    }
}
