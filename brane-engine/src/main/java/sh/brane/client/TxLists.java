package sh.brane.client;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

import sh.brane.core.tx.AccessListEntry;
import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;
import sh.brane.rpc.JsonCursor;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;

/**
 * The lists inside blocks and transactions (access lists, authorization lists, blob hashes, uncles, withdrawals), each
 * read by the token path (with the place named in errors) and by the cursor (same value, or a bail). An empty list is
 * {@code List.of()}: nothing is allocated for the empty access lists most transactions carry.
 */
final class TxLists {
    private TxLists() {
    }

    // ------------------------------------------------------------------ token path

    static List<Hash> hashes(JsonParser p, String base, int index, String name) {
        StreamJson.expectArray(p, base, index, name);
        List<Hash> out = null;
        int i = 0;
        while (p.nextToken() != JsonToken.END_ARRAY) {
            Hash h = StreamJson.plainHash(p);
            if (h == null) {
                h = StreamJson.hash(p, StreamJson.where(base, index, name), i, null);
            }
            (out == null ? out = new ArrayList<>() : out).add(h);
            i++;
        }
        return out == null ? List.of() : List.copyOf(out);
    }

    static List<AccessListEntry> accessList(JsonParser p, String base, int index, String name) {
        StreamJson.expectArray(p, base, index, name);
        String at = StreamJson.where(base, index, name);
        List<AccessListEntry> out = null;
        int i = 0;
        while (p.nextToken() != JsonToken.END_ARRAY) {
            StreamJson.expectObject(p, at, i, null);
            Address address = null;
            List<Hash> keys = List.of();
            String field;
            while ((field = StreamJson.nextField(p)) != null) {
                switch (field) {
                    case "address" -> address = StreamJson.address(p, at, i, field);
                    case "storageKeys" -> keys = StreamJson.isNull(p) ? List.of() : hashes(p, at, i, field);
                    default -> p.skipChildren();
                }
            }
            if (address == null) {
                throw StreamJson.missing(at, i, "address");
            }
            (out == null ? out = new ArrayList<>() : out).add(new AccessListEntry(address, keys));
            i++;
        }
        return out == null ? List.of() : List.copyOf(out);
    }

    private static final String[] AUTHORIZATION = {"chainId", "address", "nonce", "yParity", "r", "s"};

    static List<AuthorizationInfo> authorizations(JsonParser p, String base, int index, String name) {
        StreamJson.expectArray(p, base, index, name);
        String at = StreamJson.where(base, index, name);
        List<AuthorizationInfo> out = new ArrayList<>();
        int i = 0;
        while (p.nextToken() != JsonToken.END_ARRAY) {
            StreamJson.expectObject(p, at, i, null);
            int seen = 0;
            long chainId = 0;
            Address address = null;
            long nonce = 0;
            long yParity = 0;
            BigInteger r = null;
            BigInteger s = null;
            String field;
            while ((field = StreamJson.nextField(p)) != null) {
                switch (field) {
                    case "chainId" -> { chainId = StreamJson.quantityLong(p, at, i, field); seen |= 1; }
                    case "address" -> { address = StreamJson.address(p, at, i, field); seen |= 2; }
                    case "nonce" -> { nonce = StreamJson.quantityLong(p, at, i, field); seen |= 4; }
                    case "yParity" -> { yParity = StreamJson.quantityLong(p, at, i, field); seen |= 8; }
                    case "r" -> { r = StreamJson.quantity(p, at, i, field); seen |= 16; }
                    case "s" -> { s = StreamJson.quantity(p, at, i, field); seen |= 32; }
                    default -> p.skipChildren();
                }
            }
            StreamJson.requireAll(seen, AUTHORIZATION, at, i);
            if (yParity > 1) {
                throw new sh.brane.rpc.InvalidResponseException(StreamJson.where(at, i, "yParity")
                        + ": must be 0x0 or 0x1, got " + yParity);
            }
            out.add(new AuthorizationInfo(chainId, address, nonce, (int) yParity, r, s));
            i++;
        }
        return List.copyOf(out);
    }

    private static final String[] WITHDRAWAL = {"index", "validatorIndex", "address", "amount"};

    static List<Withdrawal> withdrawals(JsonParser p, String base, int index, String name) {
        StreamJson.expectArray(p, base, index, name);
        String at = StreamJson.where(base, index, name);
        List<Withdrawal> out = new ArrayList<>();
        int i = 0;
        while (p.nextToken() != JsonToken.END_ARRAY) {
            StreamJson.expectObject(p, at, i, null);
            int seen = 0;
            long wIndex = 0;
            long validator = 0;
            Address address = null;
            long amount = 0;
            String field;
            while ((field = StreamJson.nextField(p)) != null) {
                switch (field) {
                    case "index" -> { wIndex = StreamJson.quantityLong(p, at, i, field); seen |= 1; }
                    case "validatorIndex" -> { validator = StreamJson.quantityLong(p, at, i, field); seen |= 2; }
                    case "address" -> { address = StreamJson.address(p, at, i, field); seen |= 4; }
                    case "amount" -> { amount = StreamJson.quantityLong(p, at, i, field); seen |= 8; }
                    default -> p.skipChildren();
                }
            }
            StreamJson.requireAll(seen, WITHDRAWAL, at, i);
            out.add(new Withdrawal(wIndex, validator, address, amount));
            i++;
        }
        return List.copyOf(out);
    }

    // ------------------------------------------------------------------ cursor

    static List<Hash> hashes(JsonCursor c) {
        if (!c.firstElement()) {
            return List.of();
        }
        List<Hash> out = new ArrayList<>();
        do {
            out.add(CursorValues.hash(c));
        } while (c.nextElement());
        return List.copyOf(out);
    }

    private static final JsonCursor.Names ENTRY = new JsonCursor.Names("address", "storageKeys");

    static List<AccessListEntry> accessList(JsonCursor c) {
        if (!c.firstElement()) {
            return List.of();
        }
        List<AccessListEntry> out = new ArrayList<>();
        do {
            c.beginObject();
            Address address = null;
            List<Hash> keys = List.of();
            for (int f = c.firstField(ENTRY); f != JsonCursor.END; f = c.nextField(ENTRY)) {
                switch (f) {
                    case 0 -> address = CursorValues.address(c);
                    case 1 -> keys = c.isNull() ? List.of() : hashes(c);
                    default -> c.skipValue();
                }
            }
            if (address == null) {
                throw JsonCursor.bail();
            }
            out.add(new AccessListEntry(address, keys));
        } while (c.nextElement());
        return List.copyOf(out);
    }

    private static final JsonCursor.Names AUTHORIZATION_NAMES = new JsonCursor.Names(AUTHORIZATION);

    static List<AuthorizationInfo> authorizations(JsonCursor c) {
        if (!c.firstElement()) {
            return List.of();
        }
        List<AuthorizationInfo> out = new ArrayList<>();
        do {
            c.beginObject();
            int seen = 0;
            long chainId = 0;
            Address address = null;
            long nonce = 0;
            long yParity = 0;
            BigInteger r = null;
            BigInteger s = null;
            for (int f = c.firstField(AUTHORIZATION_NAMES); f != JsonCursor.END; f = c.nextField(AUTHORIZATION_NAMES)) {
                switch (f) {
                    case 0 -> { chainId = c.quantityLong(); seen |= 1; }
                    case 1 -> { address = CursorValues.address(c); seen |= 2; }
                    case 2 -> { nonce = c.quantityLong(); seen |= 4; }
                    case 3 -> { yParity = c.quantityLong(); seen |= 8; }
                    case 4 -> { r = c.quantity(); seen |= 16; }
                    case 5 -> { s = c.quantity(); seen |= 32; }
                    default -> c.skipValue();
                }
            }
            CursorValues.requireAll(seen, AUTHORIZATION.length);
            if (yParity > 1) {
                throw JsonCursor.bail();
            }
            out.add(new AuthorizationInfo(chainId, address, nonce, (int) yParity, r, s));
        } while (c.nextElement());
        return List.copyOf(out);
    }

    private static final JsonCursor.Names WITHDRAWAL_NAMES = new JsonCursor.Names(WITHDRAWAL);

    static List<Withdrawal> withdrawals(JsonCursor c) {
        if (!c.firstElement()) {
            return List.of();
        }
        List<Withdrawal> out = new ArrayList<>();
        do {
            c.beginObject();
            int seen = 0;
            long index = 0;
            long validator = 0;
            Address address = null;
            long amount = 0;
            for (int f = c.firstField(WITHDRAWAL_NAMES); f != JsonCursor.END; f = c.nextField(WITHDRAWAL_NAMES)) {
                switch (f) {
                    case 0 -> { index = c.quantityLong(); seen |= 1; }
                    case 1 -> { validator = c.quantityLong(); seen |= 2; }
                    case 2 -> { address = CursorValues.address(c); seen |= 4; }
                    case 3 -> { amount = c.quantityLong(); seen |= 8; }
                    default -> c.skipValue();
                }
            }
            CursorValues.requireAll(seen, WITHDRAWAL.length);
            out.add(new Withdrawal(index, validator, address, amount));
        } while (c.nextElement());
        return List.copyOf(out);
    }
}
