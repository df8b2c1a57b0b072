package sh.brane.spring.boot.autoconfigure.events;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
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
 * Finds {@link BraneEventListener} methods on beans as they are created, and runs one log stream per method while
 * the context runs: started with the context ({@code brane.events.auto-startup}), closed on shutdown (the current
 * delivery ends, the lease is given up so another instance takes over at once).
 */
public final class BraneEventListenerContainer implements BeanPostProcessor, SmartLifecycle, BeanFactoryAware,
        EnvironmentAware {
    private static final Logger logger = LoggerFactory.getLogger(BraneEventListenerContainer.class);

    private final List<ListenerMethod> methods = new ArrayList<>();
    private final List<LogStream<Record>> streams = new ArrayList<>();
    private final List<Runnable> unbindMeters = new ArrayList<>();
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
        synchronized (streams) {
            return List.copyOf(streams);
        }
    }

    private BraneEventsProperties properties() {
        return Binder.get(environment).bind("brane.events", BraneEventsProperties.class)
                .orElseGet(BraneEventsProperties::new);
    }

    @Override
    public void start() {
        List<ListenerMethod> todo;
        synchronized (methods) {
            todo = List.copyOf(methods);
        }
        if (todo.isEmpty()) {
            running = true;
            return;
        }
        ListenerStreams factory = new ListenerStreams(beanFactory, environment, properties(),
                beanFactory.getBean(CheckpointStore.class));
        List<ListenerStreams.ListenerStream> built = new ArrayList<>();
        for (ListenerMethod m : todo) {
            built.add(factory.create(m)); // a bad setting fails start-up before any stream runs
        }
        StreamMeters meters = beanFactory.getBeanProvider(StreamMeters.class).getIfAvailable();
        synchronized (streams) {
            for (ListenerStreams.ListenerStream b : built) {
                if (meters != null) {
                    unbindMeters.add(meters.bind(b.stream(), b.chain()));
                }
                streams.add(b.stream().start());
                logger.info("@BraneEventListener stream '{}' started on chain '{}'", b.stream().name(), b.chain());
            }
        }
        running = true;
    }

    @Override
    public void stop() {
        synchronized (streams) {
            streams.forEach(LogStream::close);
            streams.clear();
            unbindMeters.forEach(Runnable::run);
            unbindMeters.clear();
        }
        running = false;
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    @Override
    public boolean isAutoStartup() {
        return properties().isAutoStartup();
    }
}
