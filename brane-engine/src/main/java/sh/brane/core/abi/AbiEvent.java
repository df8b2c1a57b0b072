package sh.brane.core.abi;

import java.util.ArrayList;
import java.util.List;

import sh.brane.core.types.Hash;

/**
 * A contract event: its signature, topic 0 (computed once) and the decoding of logs. Indexed
 * arguments of value types are decoded from their topics; indexed {@code string}, {@code bytes},
 * arrays and tuples are stored by Ethereum only as the Keccak-256 of their encoding, so they come
 * back as that {@link Hash}.
 */
public final class AbiEvent {

    private final String name;
    private final List<AbiParameter> inputs;
    private final boolean anonymous;
    private final String signature;
    private final Hash topic0;
    private final List<AbiType> dataTypes;
    private final int indexedCount;

    public AbiEvent(String name, List<AbiParameter> inputs, boolean anonymous) {
        this.name = name;
        this.inputs = List.copyOf(inputs);
        this.anonymous = anonymous;
        this.signature = AbiParameter.signature(name, this.inputs);
        this.topic0 = Hash.wrap(Signatures.keccak(signature));
        List<AbiType> data = new ArrayList<>();
        int indexed = 0;
        for (AbiParameter p : this.inputs) {
            if (p.indexed()) {
                indexed++;
            } else {
                data.add(p.type());
            }
        }
        this.dataTypes = List.copyOf(data);
        this.indexedCount = indexed;
        int maxIndexed = anonymous ? 4 : 3;
        if (indexed > maxIndexed) {
            throw new AbiParseException("event " + signature + " has " + indexed + " indexed inputs; at most "
                    + maxIndexed + " are possible" + (anonymous ? "" : " (topic 0 holds the signature)"));
        }
    }

    public String name() {
        return name;
    }

    public List<AbiParameter> inputs() {
        return inputs;
    }

    public boolean anonymous() {
        return anonymous;
    }

    /** The canonical signature, e.g. {@code Transfer(address,address,uint256)}. */
    public String signature() {
        return signature;
    }

    /** Keccak-256 of the signature: topic 0 of this event's logs (unless anonymous). */
    public Hash topic0() {
        return topic0;
    }

    /** Decodes a log given its topics (as {@link Hash}es) and data. */
    public DecodedEvent decodeLog(List<Hash> topics, byte[] data) {
        if (topics == null) {
            throw new AbiDecodingException("cannot decode event " + signature + ": topics are null");
        }
        byte[][] raw = new byte[topics.size()][];
        for (int i = 0; i < raw.length; i++) {
            Hash h = topics.get(i);
            if (h == null) {
                throw new AbiDecodingException("cannot decode event " + signature + ": topic " + i + " is null");
            }
            raw[i] = h.toBytes();
        }
        return decodeLog(raw, data);
    }

    /** Decodes a log given its topics (32 bytes each) and data. */
    public DecodedEvent decodeLog(byte[][] topics, byte[] data) {
        int first = anonymous ? 0 : 1;
        if (topics == null || topics.length != indexedCount + first) {
            throw new AbiDecodingException("event " + signature + " has " + (indexedCount + first) + " topic"
                    + (indexedCount + first == 1 ? "" : "s") + " (" + indexedCount + " indexed input"
                    + (indexedCount == 1 ? "" : "s") + (anonymous ? "" : " and the signature hash")
                    + "), but the log has " + (topics == null ? "none" : topics.length));
        }
        for (int i = 0; i < topics.length; i++) {
            if (topics[i] == null || topics[i].length != 32) {
                throw new AbiDecodingException("event " + signature + ": topic " + i + " must be 32 bytes, got "
                        + (topics[i] == null ? "null" : topics[i].length + " bytes"));
            }
        }
        if (!anonymous && !java.util.Arrays.equals(topics[0], topic0.toBytes())) {
            throw new AbiDecodingException("log topic 0 " + sh.brane.primitives.Hex.encode(topics[0])
                    + " is not the signature hash " + topic0 + " of event " + signature);
        }
        List<Object> dataValues = AbiDecoder.decode(dataTypes, data == null ? new byte[0] : data);
        Object[] values = new Object[inputs.size()];
        int topic = first;
        int dataIndex = 0;
        for (int i = 0; i < values.length; i++) {
            AbiParameter p = inputs.get(i);
            if (p.indexed()) {
                byte[] word = topics[topic++];
                values[i] = isHashedInTopic(p.type()) ? Hash.fromBytes(word) : AbiDecoder.decodeWord(p.type(), word);
            } else {
                values[i] = dataValues.get(dataIndex++);
            }
        }
        return new DecodedEvent(this, List.of(values));
    }

    /**
     * The topic an indexed argument with this value has, e.g. to filter logs by recipient: the
     * 32-byte word of a value type, or the Keccak-256 of the UTF-8 or raw bytes of an indexed
     * {@code string} or {@code bytes}.
     *
     * @param inputIndex the argument's position among all of the event's inputs
     * @throws IllegalArgumentException if that input is not indexed, or is an array or tuple (whose
     *                                  topic hashes a special encoding this method does not build)
     */
    public Hash topicFor(int inputIndex, Object value) {
        if (inputIndex < 0 || inputIndex >= inputs.size()) {
            throw new IllegalArgumentException("event " + signature + " has no input " + inputIndex);
        }
        AbiParameter p = inputs.get(inputIndex);
        if (!p.indexed()) {
            throw new IllegalArgumentException("input " + inputIndex + " of event " + signature + " is not indexed");
        }
        AbiValue v = JavaValues.convert(p.type(), value, "event " + signature + " input " + inputIndex);
        if (v instanceof AbiValue.Word w) {
            return Hash.wrap(w.toWord());
        }
        if (v instanceof AbiValue.DynamicBytes b) {
            return Hash.wrap(sh.brane.primitives.Keccak256.hash(b.content));
        }
        throw new IllegalArgumentException("topics of indexed " + p.type().canonical()
                + " values hash a special encoding that is not supported here");
    }

    /** Reference types are not stored in topics, only the hash of their encoding. */
    static boolean isHashedInTopic(AbiType type) {
        return type.isDynamic() || type instanceof AbiType.ArrayType || type instanceof AbiType.TupleType;
    }

    @Override
    public String toString() {
        return "event " + signature + (anonymous ? " anonymous" : "");
    }
}
