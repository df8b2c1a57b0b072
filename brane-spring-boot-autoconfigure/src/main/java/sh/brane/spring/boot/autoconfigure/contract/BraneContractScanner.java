package sh.brane.spring.boot.autoconfigure.contract;

import java.util.Collection;

import org.springframework.beans.factory.annotation.AnnotatedBeanDefinition;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.beans.factory.support.RootBeanDefinition;
import org.springframework.context.annotation.ClassPathScanningCandidateComponentProvider;
import org.springframework.core.env.Environment;
import org.springframework.core.io.ResourceLoader;
import org.springframework.core.type.filter.AnnotationTypeFilter;
import org.springframework.util.ClassUtils;
import org.springframework.util.StringUtils;

/** Finds {@link BraneContract} interfaces in packages and registers one {@link BraneContractFactoryBean} each. */
final class BraneContractScanner {

    /** Registered by {@link EnableBraneContracts} so that the automatic scan stands aside. */
    static final String EXPLICIT_MARKER = BraneContractScanner.class.getName() + ".explicit";

    private BraneContractScanner() {
    }

    static void register(Collection<String> packages, BeanDefinitionRegistry registry, Environment environment,
            ResourceLoader resourceLoader) {
        ClassPathScanningCandidateComponentProvider scanner = new ClassPathScanningCandidateComponentProvider(false,
                environment) {
            @Override
            protected boolean isCandidateComponent(AnnotatedBeanDefinition definition) {
                return definition.getMetadata().isInterface() && definition.getMetadata().isIndependent();
            }
        };
        scanner.setResourceLoader(resourceLoader);
        scanner.addIncludeFilter(new AnnotationTypeFilter(BraneContract.class, false, true));
        ClassLoader loader = resourceLoader.getClassLoader();
        for (String pkg : packages) {
            for (BeanDefinition candidate : scanner.findCandidateComponents(pkg)) {
                Class<?> type = ClassUtils.resolveClassName(candidate.getBeanClassName(), loader);
                String name = beanName(type);
                if (registry.containsBeanDefinition(name)) {
                    continue;
                }
                RootBeanDefinition definition = new RootBeanDefinition(BraneContractFactoryBean.class);
                definition.getConstructorArgumentValues().addIndexedArgumentValue(0, type);
                definition.setAttribute(org.springframework.beans.factory.FactoryBean.OBJECT_TYPE_ATTRIBUTE, type);
                definition.setTargetType(type);
                registry.registerBeanDefinition(name, definition);
            }
        }
    }

    /** {@link BraneContract#name()}, or the simple name with a lower-case first letter. */
    static String beanName(Class<?> type) {
        String name = type.getAnnotation(BraneContract.class).name();
        return StringUtils.hasText(name) ? name : StringUtils.uncapitalize(type.getSimpleName());
    }
}
