package sh.brane.devnet.junit;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.Optional;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.jupiter.api.extension.TestInstancePostProcessor;
import sh.brane.devnet.Anvil;

/**
 * JUnit Jupiter extension behind {@link WithAnvil}: starts a local Anvil process per test class (or one per
 * run when {@link WithAnvil#shared()}), injects it into {@link Anvil} parameters and fields, and stops it when
 * the class (or the run) is done.
 *
 * <p>The node is a local process found or installed by {@link sh.brane.devnet.AnvilBinaryResolver}; it does
 * not need Docker.
 */
public final class AnvilExtension implements BeforeAllCallback, TestInstancePostProcessor, ParameterResolver {
    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(AnvilExtension.class);

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        Anvil anvil = node(context);
        for (Field field : anvilFields(context.getRequiredTestClass())) {
            if (Modifier.isStatic(field.getModifiers())) {
                inject(field, null, anvil);
            }
        }
    }

    @Override
    public void postProcessTestInstance(Object testInstance, ExtensionContext context) throws Exception {
        Anvil anvil = null;
        for (Field field : anvilFields(testInstance.getClass())) {
            if (!Modifier.isStatic(field.getModifiers())) {
                if (anvil == null) {
                    anvil = node(context);
                }
                inject(field, testInstance, anvil);
            }
        }
    }

    @Override
    public boolean supportsParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
        return parameterContext.getParameter().getType() == Anvil.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
        return node(extensionContext);
    }

    /** The node for the class that carries {@link WithAnvil}, started on first use. */
    private static Anvil node(ExtensionContext context) {
        ExtensionContext owner = context;
        WithAnvil config = null;
        for (ExtensionContext c = context; c != null; c = c.getParent().orElse(null)) {
            Optional<Class<?>> testClass = c.getTestClass();
            if (testClass.isPresent() && testClass.get().isAnnotationPresent(WithAnvil.class)
                    && (c.getTestMethod().isEmpty())) {
                owner = c;
                config = testClass.get().getAnnotation(WithAnvil.class);
                break;
            }
        }
        if (config == null) {
            throw new ParameterResolutionException("An Anvil node was requested but no enclosing test class of "
                    + context.getDisplayName() + " is annotated with @" + WithAnvil.class.getSimpleName());
        }
        WithAnvil settings = config;
        ExtensionContext storeOwner = settings.shared() ? context.getRoot() : owner;
        String key = settings.shared() ? "shared:" + describe(settings) : "class";
        NodeResource resource = storeOwner.getStore(NAMESPACE)
                .getOrComputeIfAbsent(key, k -> new NodeResource(start(settings)), NodeResource.class);
        return resource.anvil;
    }

    private static Anvil start(WithAnvil settings) {
        Anvil.Builder builder = Anvil.builder();
        if (settings.chainId() != 0) {
            builder.chainId(settings.chainId());
        }
        if (settings.blockTime() != 0) {
            builder.blockTime(settings.blockTime());
        }
        if (settings.accounts() != 0) {
            builder.accounts(settings.accounts());
        }
        if (!settings.hardfork().isEmpty()) {
            builder.hardfork(settings.hardfork());
        }
        builder.extraArgs(settings.args());
        return builder.start();
    }

    private static String describe(WithAnvil s) {
        return s.chainId() + "|" + s.blockTime() + "|" + s.accounts() + "|" + s.hardfork() + "|"
                + Arrays.toString(s.args());
    }

    private static Iterable<Field> anvilFields(Class<?> type) {
        java.util.List<Field> fields = new java.util.ArrayList<>();
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                if (f.getType() == Anvil.class && !f.isSynthetic()) {
                    fields.add(f);
                }
            }
        }
        return fields;
    }

    private static void inject(Field field, Object target, Anvil anvil) throws IllegalAccessException {
        if (Modifier.isFinal(field.getModifiers())) {
            throw new ExtensionConfigurationException("Cannot inject Anvil into final field " + field);
        }
        field.setAccessible(true);
        field.set(target, anvil);
    }

    /** Stops the node when its store closes (end of class, or end of run when shared). */
    @SuppressWarnings("deprecation") // CloseableResource for JUnit 5 users; JUnit 6 closes AutoCloseable values itself
    private static final class NodeResource implements ExtensionContext.Store.CloseableResource, AutoCloseable {
        private final Anvil anvil;

        NodeResource(Anvil anvil) {
            this.anvil = anvil;
        }

        @Override
        public void close() {
            anvil.close();
        }
    }
}
