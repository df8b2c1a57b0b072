package sh.brane.spring.boot.autoconfigure;

import java.util.List;

import sh.brane.rpc.BraneProvider;
import sh.brane.rpc.EndpointStatus;
import sh.brane.rpc.Subscription;

/**
 * A provider wrapping another; {@link #unwrap(BraneProvider)} finds the transport underneath. The capabilities
 * ({@link #canSubscribe()}, {@link #owns(Subscription)}) and the {@link #status()} of the wrapped provider pass
 * through, so a fallback, the health indicator and the metrics see through every decorator.
 */
public interface DecoratedBraneProvider extends BraneProvider {

    /** The wrapped provider. */
    BraneProvider getDelegate();

    @Override
    default boolean canSubscribe() {
        return getDelegate().canSubscribe();
    }

    @Override
    default boolean owns(Subscription subscription) {
        return getDelegate().owns(subscription);
    }

    @Override
    default List<EndpointStatus> status() {
        return getDelegate().status();
    }

    /** The innermost provider: {@code provider} itself unless it is a {@link DecoratedBraneProvider}. */
    static BraneProvider unwrap(BraneProvider provider) {
        BraneProvider current = provider;
        while (current instanceof DecoratedBraneProvider decorated) {
            current = decorated.getDelegate();
        }
        return current;
    }
}
