package sh.brane.spring.boot.autoconfigure.events;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.util.ReflectionUtils;
import org.springframework.util.StringUtils;

import sh.brane.client.Log;
import sh.brane.client.events.LogHandler;
import sh.brane.client.events.StreamedLog;

/**
 * One {@link BraneEventListener} method: its bean, the record it takes, and how it takes it. The signature is checked
 * when the bean is created, so a wrong one stops start-up naming the method.
 */
final class ListenerMethod {
    private static final Logger logger = LoggerFactory.getLogger(ListenerMethod.class);

    enum Shape {
        RECORD, RECORD_AND_LOG, STREAMED
    }

    final Object bean;
    final String beanName;
    final Method method;
    final BraneEventListener annotation;
    final Class<? extends Record> eventType;
    final Shape shape;

    private ListenerMethod(Object bean, String beanName, Method method, Class<? extends Record> eventType, Shape shape) {
        this.bean = bean;
        this.beanName = beanName;
        this.method = method;
        this.annotation = method.getAnnotation(BraneEventListener.class);
        this.eventType = eventType;
        this.shape = shape;
        ReflectionUtils.makeAccessible(method);
    }

    @SuppressWarnings("unchecked")
    static ListenerMethod of(Object bean, String beanName, Method method) {
        Class<?>[] p = method.getParameterTypes();
        if (p.length == 1 && p[0].isRecord()) {
            return new ListenerMethod(bean, beanName, method, (Class<? extends Record>) p[0], Shape.RECORD);
        }
        if (p.length == 2 && p[0].isRecord() && p[1] == Log.class) {
            return new ListenerMethod(bean, beanName, method, (Class<? extends Record>) p[0], Shape.RECORD_AND_LOG);
        }
        if (p.length == 1 && p[0] == StreamedLog.class) {
            Type t = method.getGenericParameterTypes()[0];
            if (t instanceof ParameterizedType pt && pt.getActualTypeArguments()[0] instanceof Class<?> c && c.isRecord()) {
                return new ListenerMethod(bean, beanName, method, (Class<? extends Record>) c, Shape.STREAMED);
            }
        }
        throw new IllegalStateException("@BraneEventListener method " + describe(method) + " must take (EventRecord),"
                + " (EventRecord, Log) or (StreamedLog<EventRecord>), where EventRecord is a record of the contract's"
                + " event");
    }

    /** The stream id: the annotation's, or bean.method. */
    String id() {
        return StringUtils.hasText(annotation.id()) ? annotation.id() : beanName + "." + method.getName();
    }

    String describe() {
        return describe(method);
    }

    private static String describe(Method m) {
        return m.getDeclaringClass().getSimpleName() + "." + m.getName();
    }

    /** The handler calling the method; an exception it throws comes out as itself (the stream reports it). */
    LogHandler<Record> handler() {
        return s -> {
            Object[] args = switch (shape) {
                case RECORD -> {
                    if (s.removed()) {
                        logger.warn("@BraneEventListener {}: log {} of block {} was removed by a reorganisation; the"
                                + " method takes no Log or StreamedLog, so it is not told", describe(),
                                s.logIndex(), s.blockNumber());
                        yield null;
                    }
                    yield new Object[] { s.event() };
                }
                case RECORD_AND_LOG -> new Object[] { s.event(), s.log() };
                case STREAMED -> new Object[] { s };
            };
            if (args == null) {
                return;
            }
            try {
                method.invoke(bean, args);
            } catch (InvocationTargetException e) {
                if (e.getCause() instanceof Exception ex) {
                    throw ex;
                }
                throw e;
            }
        };
    }
}
