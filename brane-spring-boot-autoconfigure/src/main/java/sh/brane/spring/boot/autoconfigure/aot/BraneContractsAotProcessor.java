package sh.brane.spring.boot.autoconfigure.aot;

import java.lang.reflect.Method;
import java.util.LinkedHashSet;
import java.util.Set;

import org.springframework.aot.hint.ExecutableMode;
import org.springframework.aot.hint.MemberCategory;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.beans.factory.FactoryBean;
import org.springframework.beans.factory.aot.BeanFactoryInitializationAotContribution;
import org.springframework.beans.factory.aot.BeanFactoryInitializationAotProcessor;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.beans.factory.config.ConstructorArgumentValues;
import org.springframework.beans.factory.support.RootBeanDefinition;
import org.springframework.core.MethodIntrospector;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.util.ClassUtils;

import sh.brane.client.contract.ContractAbi;
import sh.brane.spring.boot.autoconfigure.contract.BraneContractFactoryBean;
import sh.brane.spring.boot.autoconfigure.events.BraneEventListener;

/**
 * What a native image needs for the application's own contract beans, which only the bean definitions name: each
 * {@code @BraneContract} interface as a JDK proxy (the bean is {@code Proxy.newProxyInstance(..., {type}, ...)}), its
 * methods (read reflectively when binding), the records it declares or returns (built through their constructors
 * and read through their accessors), and its {@code @ContractAbi} resource; and each {@code @BraneEventListener}
 * method, invoked reflectively. Registered in {@code META-INF/spring/aot.factories}.
 */
public final class BraneContractsAotProcessor implements BeanFactoryInitializationAotProcessor {

    @Override
    public BeanFactoryInitializationAotContribution processAheadOfTime(ConfigurableListableBeanFactory beanFactory) {
        Set<Class<?>> contracts = new LinkedHashSet<>();
        Set<Method> listeners = new LinkedHashSet<>();
        for (String name : beanFactory.getBeanDefinitionNames()) {
            BeanDefinition definition = beanFactory.getMergedBeanDefinition(name);
            Class<?> contract = contractType(definition);
            if (contract != null) {
                contracts.add(contract);
                continue;
            }
            Class<?> type = beanFactory.getType(name, false);
            if (type != null && !type.isInterface() && !FactoryBean.class.isAssignableFrom(type)) {
                listeners.addAll(MethodIntrospector.selectMethods(ClassUtils.getUserClass(type),
                        (MethodIntrospector.MetadataLookup<BraneEventListener>) m -> AnnotatedElementUtils
                                .findMergedAnnotation(m, BraneEventListener.class)).keySet());
            }
        }
        if (contracts.isEmpty() && listeners.isEmpty()) {
            return null;
        }
        return (context, code) -> {
            RuntimeHints hints = context.getRuntimeHints();
            contracts.forEach(c -> register(hints, c));
            listeners.forEach(m -> {
                hints.reflection().registerMethod(m, ExecutableMode.INVOKE);
                for (Class<?> p : m.getParameterTypes()) {
                    registerRecord(hints, p);
                }
            });
        };
    }

    /** The interface a {@link BraneContractFactoryBean} definition binds, else null. */
    static Class<?> contractType(BeanDefinition definition) {
        if (!(definition instanceof RootBeanDefinition root) || !root.hasBeanClass()
                || root.getBeanClass() != BraneContractFactoryBean.class) {
            return null;
        }
        ConstructorArgumentValues.ValueHolder arg = root.getConstructorArgumentValues().getIndexedArgumentValue(0,
                Class.class);
        return arg != null && arg.getValue() instanceof Class<?> c ? c : null;
    }

    static void register(RuntimeHints hints, Class<?> contract) {
        hints.proxies().registerJdkProxy(contract);
        hints.reflection().registerType(contract, MemberCategory.INVOKE_PUBLIC_METHODS);
        for (Class<?> type : allInterfaces(contract)) {
            for (Class<?> nested : type.getDeclaredClasses()) {
                registerRecord(hints, nested);
            }
            ContractAbi abi = type.getAnnotation(ContractAbi.class);
            if (abi != null) {
                hints.resources().registerPattern(resourcePath(type, abi.resource()));
            }
        }
        Set<Class<?>> seen = new java.util.HashSet<>();
        for (Method m : contract.getMethods()) {
            registerRecords(hints, m.getGenericReturnType(), seen);
            for (java.lang.reflect.Type p : m.getGenericParameterTypes()) {
                registerRecords(hints, p, seen);
            }
        }
    }

    /**
     * Every record a method's signature reaches: through type arguments ({@code CompletableFuture<Quote>},
     * {@code List<Quote>}), arrays and the components of records (a tuple inside a tuple), because the decoder
     * builds each of them through its constructor, not just the outermost type.
     */
    private static void registerRecords(RuntimeHints hints, java.lang.reflect.Type type, Set<Class<?>> seen) {
        if (type instanceof java.lang.reflect.ParameterizedType parameterized) {
            for (java.lang.reflect.Type argument : parameterized.getActualTypeArguments()) {
                registerRecords(hints, argument, seen);
            }
        } else if (type instanceof java.lang.reflect.GenericArrayType array) {
            registerRecords(hints, array.getGenericComponentType(), seen);
        } else if (type instanceof java.lang.reflect.WildcardType wildcard) {
            for (java.lang.reflect.Type bound : wildcard.getUpperBounds()) {
                registerRecords(hints, bound, seen);
            }
        } else if (type instanceof Class<?> c) {
            if (c.isArray()) {
                registerRecords(hints, c.getComponentType(), seen);
            } else if (c.isRecord() && seen.add(c)) {
                registerRecord(hints, c);
                for (java.lang.reflect.RecordComponent component : c.getRecordComponents()) {
                    registerRecords(hints, component.getGenericType(), seen);
                }
            }
        }
    }

    private static Set<Class<?>> allInterfaces(Class<?> type) {
        Set<Class<?>> out = new LinkedHashSet<>();
        out.add(type);
        for (Class<?> i : type.getInterfaces()) {
            out.addAll(allInterfaces(i));
        }
        return out;
    }

    private static void registerRecord(RuntimeHints hints, Class<?> type) {
        if (type.isRecord()) {
            hints.reflection().registerType(type, MemberCategory.INVOKE_DECLARED_CONSTRUCTORS,
                    MemberCategory.INVOKE_PUBLIC_METHODS);
        }
    }

    /** Class.getResourceAsStream's rule: absolute with a leading '/', else relative to the type's package. */
    static String resourcePath(Class<?> type, String resource) {
        if (resource.startsWith("/")) {
            return resource.substring(1);
        }
        String pkg = type.getPackageName().replace('.', '/');
        return pkg.isEmpty() ? resource : pkg + "/" + resource;
    }
}
