package sh.brane.spring.boot.autoconfigure;

import sh.brane.rpc.BraneProvider;

/** A provider wrapping another; {@link #unwrap(BraneProvider)} finds the transport underneath. */
public interface DecoratedBraneProvider extends BraneProvider {

    /** The wrapped provider. */
    BraneProvider getDelegate();

    /** The innermost provider: {@code provider} itself unless it is a {@link DecoratedBraneProvider}. */
    static BraneProvider unwrap(BraneProvider provider) {
        BraneProvider current = provider;
        while (current instanceof DecoratedBraneProvider decorated) {
            current = decorated.getDelegate();
        }
        return current;
    }
}
