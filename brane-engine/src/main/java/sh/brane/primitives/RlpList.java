package sh.brane.primitives;

import java.util.List;

/** An RLP list of items. Immutable. */
public final class RlpList implements RlpItem {

    public static final RlpList EMPTY = new RlpList(List.of(), 0);

    private final List<RlpItem> items;
    private final int offset;

    RlpList(List<RlpItem> items, int offset) {
        this.items = items;
        this.offset = offset;
    }

    /** A list of the given items. */
    public static RlpList of(RlpItem... items) {
        return new RlpList(List.of(items), 0);
    }

    /** A list of the given items (copied). */
    public static RlpList of(List<? extends RlpItem> items) {
        return new RlpList(List.copyOf(items), 0);
    }

    @Override
    public int offset() {
        return offset;
    }

    @Override
    public boolean isList() {
        return true;
    }

    public int size() {
        return items.size();
    }

    public RlpItem get(int index) {
        return items.get(index);
    }

    /**
     * The items, which must be exactly {@code expectedSize} many (e.g. the fields of a
     * transaction); otherwise an {@link RlpDecodingException} naming both counts.
     */
    public List<RlpItem> asList(int expectedSize) {
        if (items.size() != expectedSize) {
            throw new RlpDecodingException("expected a list of " + expectedSize + " items at offset " + offset
                    + " but found " + describe());
        }
        return items;
    }

    @Override
    public List<RlpItem> asList() {
        return items;
    }

    @Override
    public RlpList asRlpList() {
        return this;
    }

    @Override
    public String describe() {
        return "a list of " + items.size() + (items.size() == 1 ? " item" : " items");
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RlpList other && items.equals(other.items);
    }

    @Override
    public int hashCode() {
        return items.hashCode() + 1;
    }

    @Override
    public String toString() {
        return items.toString();
    }
}
