package sh.brane.spring.boot.autoconfigure.aot;

import java.util.LinkedHashMap;
import java.util.Map;

import org.springframework.beans.factory.annotation.BeanFactoryAnnotationUtils;
import org.springframework.beans.factory.support.DefaultListableBeanFactory;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.annotation.AnnotationConfigUtils;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.support.GenericApplicationContext;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;

import sh.brane.client.BraneClient;
import sh.brane.client.SigningClient;
import sh.brane.rpc.BraneProvider;
import sh.brane.rpc.HttpProvider;
import sh.brane.signer.ChainPinnedSigner;
import sh.brane.spring.boot.autoconfigure.BraneAutoConfiguration;
import sh.brane.spring.boot.autoconfigure.BraneProperties;
import sh.brane.spring.boot.autoconfigure.BraneProviderBeans;
import sh.brane.spring.boot.autoconfigure.DecoratedBraneProvider;

/**
 * Both sides of {@link BraneChainsAotTests}: the context processed at build time, and the run in AOT mode, which
 * {@link BraneChainsAotTests} calls in a class loader of its own (so it reports strings).
 */
public final class AotRun {

    /** Anvil's well-known dev key 0 (public test data). */
    static final String KEY = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";

    private AotRun() {
    }

    static GenericApplicationContext context(Map<String, Object> properties) {
        GenericApplicationContext context = new GenericApplicationContext();
        context.setEnvironment(environment(properties));
        AnnotationConfigUtils.registerAnnotationConfigProcessors(context);
        context.registerBean(App.class);
        return context;
    }

    /** The run-time side: initializes a fresh context with the generated initializer and describes its beans. */
    public static Map<String, String> runtime(String initializerClass, Map<String, Object> overrides)
            throws Exception {
        Map<String, Object> properties = new LinkedHashMap<>(BraneChainsAotTests.BUILD_PROPERTIES);
        properties.putAll(overrides);
        Map<String, String> found = new LinkedHashMap<>();
        try (GenericApplicationContext context = new GenericApplicationContext()) {
            context.setEnvironment(environment(properties));
            // a second registration of any bean (a registrar that did not stand aside) fails the refresh
            context.getDefaultListableBeanFactory().setAllowBeanDefinitionOverriding(false);
            @SuppressWarnings("unchecked")
            ApplicationContextInitializer<GenericApplicationContext> initializer =
                    (ApplicationContextInitializer<GenericApplicationContext>) Class
                        .forName(initializerClass, true, AotRun.class.getClassLoader())
                        .getDeclaredConstructor()
                        .newInstance();
            initializer.initialize(context);
            context.refresh();
            DefaultListableBeanFactory beans = context.getDefaultListableBeanFactory();
            for (String name : new String[] { "l1BraneProvider", "l2BraneProvider", "l1BraneClient",
                    "l2BraneClient" }) {
                context.getBean(name);
                found.put(name, BraneProviderBeans.chainOf(beans, name));
            }
            ChainPinnedSigner payer = context.getBean("l2.payerSigner", ChainPinnedSigner.class);
            found.put("l2.payerSigner", "pinned to " + payer.chainId());
            found.put("l2.payerSignerCeilings", context.containsBean("l2.payerSignerCeilings") ? "present" : "absent");
            SigningClient signing = context.getBean("l2.payerSigningClient", SigningClient.class);
            found.put("l2.payerSigningClient",
                    (signing.client() == context.getBean("l2BraneClient")) ? "over l2BraneClient" : "over another");
            found.put("opsSigner", context.containsBean("opsSigner") ? "present" : "absent");
            SigningClient ops = context.getBean("opsSigningClient", SigningClient.class);
            found.put("opsSigningClient",
                    (ops.client() == context.getBean("braneClient")) ? "over braneClient" : "over another");
            BraneClient qualified = BeanFactoryAnnotationUtils.qualifiedBeanOfType(beans, BraneClient.class, "l2");
            found.put("@Qualifier(l2) BraneClient",
                    (qualified == context.getBean("l2BraneClient")) ? "l2BraneClient" : "another");
            HttpProvider l1 = (HttpProvider) DecoratedBraneProvider
                .unwrap(context.getBean("l1BraneProvider", BraneProvider.class));
            found.put("l1 request timeout", l1.config().requestTimeout().toString());
            found.put("health entries", BraneProviderBeans.all(beans, context.getBean(BraneProperties.class))
                .stream()
                .map(BraneProviderBeans.Entry::name)
                .sorted()
                .toList()
                .toString());
        }
        return found;
    }

    private static StandardEnvironment environment(Map<String, Object> properties) {
        StandardEnvironment environment = new StandardEnvironment();
        environment.getPropertySources().addFirst(new MapPropertySource("test", properties));
        return environment;
    }

    @Configuration(proxyBeanMethods = false)
    @ImportAutoConfiguration(BraneAutoConfiguration.class)
    public static class App {

    }
}
