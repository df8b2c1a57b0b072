package sh.brane.spring.boot.autoconfigure.metrics;

import java.util.List;

import org.springframework.beans.BeansException;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.BeanFactoryAware;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;

import sh.brane.client.BraneClient;
import sh.brane.rpc.BraneMetrics;
import sh.brane.rpc.BraneProvider;
import sh.brane.rpc.EndpointStatus;
import sh.brane.spring.boot.autoconfigure.BraneMetricsFactory;
import sh.brane.spring.boot.autoconfigure.BraneProviderBeans;

/**
 * Gives a {@link BraneProvider} bean the application declares itself (or the provider inside a {@link BraneClient}
 * bean it declares over a provider that is no bean) the metrics the starter gives its own providers: tagged
 * {@code chain} = the bean's name, {@code endpoint} = the provider's one endpoint name (else the bean
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
        if (this.beans == null || !this.beans.containsBeanDefinition(beanName)) {
            return bean;
        }
        if (bean instanceof BraneProvider provider && BraneProviderBeans.chainOf(this.beans, beanName) == null) {
            attach(provider, beanName);
        }
        else if (bean instanceof BraneClient client) {
            // a client built over a provider that is no bean: that provider is measured under the client's name
            BraneProvider inside = BraneProviderBeans.unmanagedProviderOf(this.beans, beanName, client);
            if (inside != null) {
                attach(inside, beanName);
            }
        }
        return bean;
    }

    private void attach(BraneProvider provider, String chain) {
        List<EndpointStatus> status = provider.status();
        String endpoint = (status.size() == 1) ? status.get(0).name() : chain;
        String transport = status.isEmpty() ? "unknown" : status.get(0).transport().tag();
        List<BraneMetrics> metrics = this.factories.orderedStream()
            .map((factory) -> factory.create(provider, chain, endpoint, transport))
            .toList();
        if (!metrics.isEmpty()) {
            provider.setMetrics(BraneMetricsFactory.composite(metrics));
        }
    }
}
