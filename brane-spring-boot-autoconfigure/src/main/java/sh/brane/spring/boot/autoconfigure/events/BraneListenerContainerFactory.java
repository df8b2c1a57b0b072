package sh.brane.spring.boot.autoconfigure.events;

import java.time.Duration;

import org.springframework.core.env.Environment;
import org.springframework.util.StringUtils;

/**
 * Makes the {@link BraneListenerContainer} of each {@link BraneEventListener} method (Spring Kafka's
 * {@code ConcurrentKafkaListenerContainerFactory}): the error handler (back-off and recoverer), whether containers
 * start with the context, and whether their streams run on virtual threads. The auto-configuration's bean follows
 * {@code brane.events.*} and {@code spring.threads.virtual.enabled}; declare one of your own to replace it.
 */
public final class BraneListenerContainerFactory {

    private final BraneListenerErrorHandler errorHandler;
    private boolean autoStartup = true;
    private boolean virtualThreads;

    public BraneListenerContainerFactory(BraneListenerErrorHandler errorHandler) {
        if (errorHandler == null) {
            throw new IllegalArgumentException("a listener container factory needs an error handler");
        }
        this.errorHandler = errorHandler;
    }

    /** Whether containers start with the context unless their annotation says otherwise (default true). */
    public void setAutoStartup(boolean autoStartup) {
        this.autoStartup = autoStartup;
    }

    /** Whether each stream runs on a virtual thread rather than a platform daemon thread (default false). */
    public void setVirtualThreads(boolean virtualThreads) {
        this.virtualThreads = virtualThreads;
    }

    public BraneListenerErrorHandler errorHandler() {
        return errorHandler;
    }

    public boolean isAutoStartup() {
        return autoStartup;
    }

    public boolean isVirtualThreads() {
        return virtualThreads;
    }

    /** The container of {@code method}; its annotation's {@code autoStartup} (placeholders resolved) wins. */
    BraneListenerContainer create(ListenerMethod method, BraneListenerContainer.StreamSource source,
            DeliveryObservation observation, StreamMeters meters, Environment environment, Duration leaseTtl) {
        String annotated = method.annotation.autoStartup();
        boolean start = autoStartup;
        if (StringUtils.hasText(annotated)) {
            String value = environment.resolveRequiredPlaceholders(annotated).strip();
            if (!"true".equalsIgnoreCase(value) && !"false".equalsIgnoreCase(value)) {
                throw new IllegalStateException("@BraneEventListener " + method.describe() + ": autoStartup must be"
                        + " true or false, got '" + value + "'");
            }
            start = Boolean.parseBoolean(value);
        }
        return new BraneListenerContainer(method, start, source, errorHandler, observation, meters, virtualThreads,
                leaseTtl);
    }
}
