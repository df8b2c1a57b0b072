package sh.brane.spring.boot.autoconfigure.metrics;

import java.util.List;

import org.springframework.beans.BeansException;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.BeanFactoryAware;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;

import sh.brane.rpc.BraneMetrics;
import sh.brane.rpc.BraneProvider;
import sh.brane.rpc.EndpointStatus;
import sh.brane.spring.boot.autoconfigure.BraneMetricsFactory;
import sh.brane.spring.boot.autoconfigure.BraneProviderBeans;

/**
 * Gives a {@link BraneProvider} bean the application declares itself the metrics the starter gives its own
 * providers: tagged {@code chain} = the bean's name, {@code endpoint} = the provider's one endpoint name (else the bean
 * name), {@code transport} as it reports. The starter's own providers already have theirs and are left alone. This
 * replaces metrics the application set on the provider itself; {@code brane.metrics.enabled=false} keeps them.
 */
final class BraneDeclaredProviderMetrics implements BeanPostProcessor, BeanFactoryAware {

    private final ObjectProvider<BraneMetricsFactory> factories;

    private ConfigurableListableBeanFactory beans;

    BraneDeclaredProviderMetrics(ObjectProvider<BraneMetricsFactory> factories) {
        this.factories = factories;
    }

    @Override
    public void setBeanFactory(BeanFactory beanFactory) {
        this.beans = (beanFactory instanceof ConfigurableListableBeanFactory listable) ? listable : null;
    }

    @Override
    public Object postProcessAfterInitialization(Object bean, String beanName) throws BeansException {
        if (bean instanceof BraneProvider provider && this.beans != null
                && this.beans.containsBeanDefinition(beanName)
                && BraneProviderBeans.chainOf(this.beans, beanName) == null) {
            List<EndpointStatus> status = provider.status();
            String endpoint = (status.size() == 1) ? status.get(0).name() : beanName;
            String transport = status.isEmpty() ? "unknown" : status.get(0).transport().tag();
            List<BraneMetrics> metrics = this.factories.orderedStream()
                .map((factory) -> factory.create(provider, beanName, endpoint, transport))
                .toList();
            if (!metrics.isEmpty()) {
                provider.setMetrics(BraneMetricsFactory.composite(metrics));
            }
        }
        return bean;
    }
}
