package sh.brane.spring.boot.autoconfigure.events;

import java.util.ArrayList;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

import org.springframework.aop.support.AopUtils;
import org.springframework.beans.BeansException;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.BeanFactoryAware;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.EnvironmentAware;
import org.springframework.context.SmartLifecycle;
import org.springframework.core.MethodIntrospector;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.core.env.Environment;

import sh.brane.client.events.CheckpointStore;
import sh.brane.client.events.LogStream;

/**
 * Finds {@link BraneEventListener} methods on beans as they are created, makes a {@link BraneListenerContainer} for
 * each with the {@link BraneListenerContainerFactory}, and is their registry by listener id (Spring Kafka's
 * {@code KafkaListenerEndpointRegistry}): {@link #listenerContainer(String)} to stop, start, pause or resume one.
 * With the context it starts the containers whose auto-startup is on ({@code brane.events.auto-startup}, or the
 * annotation's) and stops them all on shutdown (the current delivery ends, the lease is given up so another instance
 * takes over at once).
 */
public final class BraneEventListenerContainer implements BeanPostProcessor, SmartLifecycle, BeanFactoryAware,
        EnvironmentAware {

    private final List<ListenerMethod> methods = new ArrayList<>();
    private final Map<String, BraneListenerContainer> containers = new LinkedHashMap<>();
    private ListableBeanFactory beanFactory;
    private Environment environment;
    private volatile boolean running;

    @Override
    public void setBeanFactory(BeanFactory beanFactory) {
        this.beanFactory = (ListableBeanFactory) beanFactory;
    }

    @Override
    public void setEnvironment(Environment environment) {
        this.environment = environment;
    }

    @Override
    public Object postProcessAfterInitialization(Object bean, String beanName) throws BeansException {
        Class<?> type = AopUtils.getTargetClass(bean);
        if (type.getName().startsWith("java.") || type.isInterface()) {
            return bean;
        }
        Map<java.lang.reflect.Method, BraneEventListener> found = MethodIntrospector.selectMethods(type,
                (MethodIntrospector.MetadataLookup<BraneEventListener>) m -> AnnotatedElementUtils
                        .findMergedAnnotation(m, BraneEventListener.class));
        synchronized (methods) {
            found.keySet().forEach(m -> methods.add(ListenerMethod.of(bean, beanName, m)));
        }
        return bean;
    }

    /** The streams' ids, in the order they were found. */
    public List<String> streamIds() {
        synchronized (methods) {
            return methods.stream().map(ListenerMethod::id).toList();
        }
    }

    /** The running streams (empty while stopped). */
    public List<LogStream<Record>> streams() {
        return listenerContainers().stream().map(BraneListenerContainer::stream).filter(Objects::nonNull).toList();
    }

    /** The container of the listener with {@code id}, or null if there is none (or the context has not started). */
    public BraneListenerContainer listenerContainer(String id) {
        synchronized (containers) {
            return containers.get(id);
        }
    }

    /** Every listener's container, in the order the methods were found. */
    public List<BraneListenerContainer> listenerContainers() {
        synchronized (containers) {
            return List.copyOf(containers.values());
        }
    }

    private BraneEventsProperties properties() {
        return Binder.get(environment).bind("brane.events", BraneEventsProperties.class)
                .orElseGet(BraneEventsProperties::new);
    }

    @Override
    public void start() {
        synchronized (containers) {
            if (containers.isEmpty()) {
                create();
            }
            containers.values().stream().filter(BraneListenerContainer::isAutoStartup)
                    .forEach(BraneListenerContainer::start);
        }
        running = true;
    }

    /** Makes every container, building each stream once first: a bad setting fails start-up before any runs. */
    private void create() {
        List<ListenerMethod> todo;
        synchronized (methods) {
            todo = List.copyOf(methods);
        }
        if (todo.isEmpty()) {
            return;
        }
        BraneEventsProperties properties = properties();
        ListenerStreams streams = new ListenerStreams(beanFactory, environment, properties,
                beanFactory.getBean(CheckpointStore.class));
        BraneListenerContainerFactory factory = beanFactory.getBean(BraneListenerContainerFactory.class);
        DeliveryObservation observation = beanFactory.getBeanProvider(DeliveryObservation.class)
                .getIfAvailable(() -> DeliveryObservation.NONE);
        StreamMeters meters = beanFactory.getBeanProvider(StreamMeters.class).getIfAvailable();
        Map<String, BraneListenerContainer> made = new LinkedHashMap<>();
        for (ListenerMethod m : todo) {
            BraneListenerContainer.StreamSource source = (handler, threads, onError) -> streams.create(m, handler,
                    threads, onError);
            source.create(log -> { }, Thread.ofPlatform().factory(), e -> { }); // checks the settings
            BraneListenerContainer previous = made.put(m.id(), factory.create(m, source, observation, meters,
                    environment, properties.getLeaseTtl()));
            if (previous != null) {
                throw new IllegalStateException("@BraneEventListener " + m.describe() + ": the id '" + m.id()
                        + "' is already another listener's; give each an id of its own (it is its checkpoint's key)");
            }
        }
        containers.putAll(made);
    }

    @Override
    public void stop() {
        synchronized (containers) {
            containers.values().forEach(BraneListenerContainer::stop);
        }
        running = false;
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    @Override
    public boolean isAutoStartup() {
        return true; // each container has its own auto-startup; the registry starts those whose is on
    }
}
