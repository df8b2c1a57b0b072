package sh.brane.spring.boot.autoconfigure.contract;

import java.util.List;

import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.BeanFactoryAware;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigurationPackages;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.EnvironmentAware;
import org.springframework.context.ResourceLoaderAware;
import org.springframework.context.annotation.Import;
import org.springframework.context.annotation.ImportBeanDefinitionRegistrar;
import org.springframework.core.env.Environment;
import org.springframework.core.io.ResourceLoader;
import org.springframework.core.type.AnnotationMetadata;

import sh.brane.client.contract.BraneContracts;
import sh.brane.spring.boot.autoconfigure.BraneAutoConfiguration;

/**
 * Registers the {@link BraneContract} interfaces of the application's packages (those of its
 * {@code @SpringBootApplication}) as beans, unless {@link EnableBraneContracts} says where to look.
 */
@AutoConfiguration(after = BraneAutoConfiguration.class)
@ConditionalOnClass(BraneContracts.class)
@EnableConfigurationProperties(BraneContractsProperties.class)
@Import(BraneContractsAutoConfiguration.AutoScan.class)
public final class BraneContractsAutoConfiguration {

    static final class AutoScan implements ImportBeanDefinitionRegistrar, BeanFactoryAware, EnvironmentAware,
            ResourceLoaderAware {
        private BeanFactory beanFactory;
        private Environment environment;
        private ResourceLoader resourceLoader;

        @Override
        public void setBeanFactory(BeanFactory beanFactory) {
            this.beanFactory = beanFactory;
        }

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
            if (registry.containsBeanDefinition(BraneContractScanner.EXPLICIT_MARKER)
                    || !AutoConfigurationPackages.has(beanFactory)) {
                return;
            }
            List<String> packages = AutoConfigurationPackages.get(beanFactory);
            BraneContractScanner.register(packages, registry, environment, resourceLoader);
        }
    }
}
