package sh.brane.spring.boot.autoconfigure.devnet;

import java.time.Duration;

import org.springframework.beans.BeansException;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.BeanFactoryAware;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;

import sh.brane.rpc.BraneProvider;
import sh.brane.rpc.EndpointStatus;
import sh.brane.spring.boot.autoconfigure.BraneProviderBeans;

/**
 * Lets the provider of the devnet finish its first handshake before it is handed out. Start-up never waits for a
 * remote node (a silent one would hold it for the connect timeout), but the devnet is a local process this
 * starter has just started and waited for: its handshake takes milliseconds, and a development application (and
 * its tests) may then call its node at once, as before. Bounded by {@code timeout}; a provider that is still not
 * connected then is handed out as it is (health tells).
 */
final class DevnetFirstConnection implements BeanPostProcessor, BeanFactoryAware {

    private final Duration timeout;

    private ConfigurableListableBeanFactory beans;

    DevnetFirstConnection(Duration timeout) {
        this.timeout = timeout;
    }

    @Override
    public void setBeanFactory(BeanFactory beanFactory) {
        this.beans = (ConfigurableListableBeanFactory) beanFactory;
    }

    @Override
    public Object postProcessAfterInitialization(Object bean, String beanName) throws BeansException {
        if (bean instanceof BraneProvider provider && this.beans.containsBean(beanName)
                && "default".equals(BraneProviderBeans.chainOf(this.beans, beanName))) {
            awaitConnected(provider);
        }
        return bean;
    }

    private void awaitConnected(BraneProvider provider) {
        long deadline = System.nanoTime() + this.timeout.toNanos();
        while (!provider.status().stream().allMatch(EndpointStatus::connected) && System.nanoTime() < deadline) {
            try {
                Thread.sleep(5);
            }
            catch (InterruptedException ex) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
