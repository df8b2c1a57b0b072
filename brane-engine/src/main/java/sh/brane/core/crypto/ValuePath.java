package sh.brane.core.crypto;

/**
 * Where a value sits, e.g. {@code message.items[3].to}. Kept as links and turned into text only for an
 * error message, so walking a deep document does not copy ever longer path strings.
 */
final class ValuePath {
    private final ValuePath parent;
    private final String name;
    private final int index;

    private ValuePath(ValuePath parent, String name, int index) {
        this.parent = parent;
        this.name = name;
        this.index = index;
    }

    static ValuePath root(String name) {
        return new ValuePath(null, name, -1);
    }

    ValuePath field(String field) {
        return new ValuePath(this, field, -1);
    }

    ValuePath index(int i) {
        return new ValuePath(this, null, i);
    }

    @Override
    public String toString() {
        java.util.ArrayDeque<ValuePath> chain = new java.util.ArrayDeque<>();
        for (ValuePath p = this; p != null; p = p.parent) {
            chain.push(p);
        }
        StringBuilder sb = new StringBuilder();
        for (ValuePath p : chain) {
            if (p.name == null) {
                sb.append('[').append(p.index).append(']');
            } else {
                if (p.parent != null) {
                    sb.append('.');
                }
                sb.append(p.name);
            }
        }
        return sb.toString();
    }
}
