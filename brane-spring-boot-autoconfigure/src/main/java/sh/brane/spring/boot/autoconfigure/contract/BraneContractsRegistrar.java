package sh.brane.spring.boot.autoconfigure.contract;

import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.beans.factory.support.RootBeanDefinition;
import org.springframework.context.EnvironmentAware;
import org.springframework.context.ResourceLoaderAware;
import org.springframework.context.annotation.ImportBeanDefinitionRegistrar;
import org.springframework.core.env.Environment;
import org.springframework.core.io.ResourceLoader;
import org.springframework.core.type.AnnotationMetadata;
import org.springframework.util.ClassUtils;

/** The registrar behind {@link EnableBraneContracts}: scans the packages it names. */
final class BraneContractsRegistrar implements ImportBeanDefinitionRegistrar, EnvironmentAware, ResourceLoaderAware {

    private Environment environment;
    private ResourceLoader resourceLoader;

    @Override
    public void setEnvironment(Environment environment) {
        this.environment = environment;
    }

    @Override
    public void setResourceLoader(ResourceLoader resourceLoader) {
        this.resourceLoader = resourceLoader;
    }

    @Override
    public void registerBeanDefinitions(AnnotationMetadata metadata, BeanDefinitionRegistry registry) {
        Map<String, Object> attributes = metadata.getAnnotationAttributes(EnableBraneContracts.class.getName());
        Set<String> packages = new LinkedHashSet<>();
        if (attributes != null) {
            for (String p : (String[]) attributes.get("basePackages")) {
                packages.add(p);
            }
            for (Class<?> c : (Class<?>[]) attributes.get("basePackageClasses")) {
                packages.add(ClassUtils.getPackageName(c));
            }
        }
        if (packages.isEmpty()) {
            packages.add(ClassUtils.getPackageName(metadata.getClassName()));
        }
        if (!registry.containsBeanDefinition(BraneContractScanner.EXPLICIT_MARKER)) {
            registry.registerBeanDefinition(BraneContractScanner.EXPLICIT_MARKER, new RootBeanDefinition(Object.class));
        }
        BraneContractScanner.register(packages, registry, environment, resourceLoader);
    }
}
