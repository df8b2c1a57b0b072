package sh.brane.spring.boot.autoconfigure.observation;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.sun.net.httpserver.HttpServer;
import io.micrometer.tracing.Span;
import io.micrometer.tracing.Tracer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.micrometer.observation.autoconfigure.ObservationAutoConfiguration;
import org.springframework.boot.micrometer.tracing.autoconfigure.MicrometerTracingAutoConfiguration;
import org.springframework.boot.micrometer.tracing.opentelemetry.autoconfigure.OpenTelemetryTracingAutoConfiguration;
import org.springframework.boot.opentelemetry.autoconfigure.OpenTelemetrySdkAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import sh.brane.rpc.BraneProvider;
import sh.brane.rpc.RpcCall;
import sh.brane.spring.boot.autoconfigure.BraneAutoConfiguration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code traceparent} over HTTP with Boot's own tracing auto-configuration (Micrometer Tracing over OpenTelemetry,
 * W3C propagation): a node on 127.0.0.1 receives, with each call, the trace of the span current on the caller's
 * thread, its parent being the call's own {@code brane.rpc.requests} span; an explicit batch carries its first call's.
 * (Flags 03: sampled, with OpenTelemetry's random trace id flag.)
 */
class BraneTracePropagationTests {

    private static final Pattern ID = Pattern.compile("\"id\":(\\d+)");

    private final List<String> traceparents = new CopyOnWriteArrayList<>();

    private HttpServer node;

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(ObservationAutoConfiguration.class,
                OpenTelemetrySdkAutoConfiguration.class, MicrometerTracingAutoConfiguration.class,
                OpenTelemetryTracingAutoConfiguration.class, BraneObservationAutoConfiguration.class,
                BraneAutoConfiguration.class))
        .withPropertyValues("management.tracing.sampling.probability=1.0");

    @BeforeEach
    void startNode() throws IOException {
        this.node = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        this.node.createContext("/", (exchange) -> {
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            String traceparent = exchange.getRequestHeaders().getFirst("traceparent");
            this.traceparents.add((traceparent != null) ? traceparent : "none");
            StringBuilder answer = new StringBuilder();
            Matcher id = ID.matcher(body);
            while (id.find()) {
                answer.append((answer.length() > 0) ? "," : "")
                    .append("{\"jsonrpc\":\"2.0\",\"id\":").append(id.group(1)).append(",\"result\":\"0x7a69\"}");
            }
            byte[] out = (body.startsWith("[") ? "[" + answer + "]" : answer.toString())
                .getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, out.length);
            exchange.getResponseBody().write(out);
            exchange.close();
        });
        this.node.start();
    }

    @AfterEach
    void stopNode() {
        this.node.stop(0);
    }

    @Test
    void eachHttpCallCarriesTheCallersTrace() {
        this.runner.withPropertyValues("brane.rpc.url=http://127.0.0.1:" + this.node.getAddress().getPort())
            .run((context) -> {
                Tracer tracer = context.getBean(Tracer.class);
                BraneProvider provider = context.getBean(BraneProvider.class);
                Span payment = tracer.nextSpan().name("payment").start();
                try (Tracer.SpanInScope scope = tracer.withSpan(payment)) {
                    provider.sendAsync("eth_chainId", List.of()).get(5, TimeUnit.SECONDS);
                    provider.send("eth_chainId", List.of());
                    provider.sendBatch(List.of(new RpcCall("eth_chainId", List.of()),
                            new RpcCall("eth_chainId", List.of())))
                        .forEach(CompletableFutures::join);
                }
                finally {
                    payment.end();
                }
                Span other = tracer.nextSpan().name("refund").start();
                try (Tracer.SpanInScope scope = tracer.withSpan(other)) {
                    provider.sendAsync("eth_chainId", List.of(), Duration.ofSeconds(5)).get(5, TimeUnit.SECONDS);
                }
                finally {
                    other.end();
                }
                String payments = "00-" + payment.context().traceId() + "-[0-9a-f]{16}-0[13]";
                assertThat(this.traceparents).hasSize(4);
                assertThat(this.traceparents.subList(0, 3)).allSatisfy((header) -> assertThat(header)
                    .matches(payments)
                    // the parent is the call's own client span, a child of the caller's
                    .doesNotContain(payment.context().spanId()));
                assertThat(this.traceparents.get(0)).isNotEqualTo(this.traceparents.get(1));
                assertThat(this.traceparents.get(3))
                    .matches("00-" + other.context().traceId() + "-[0-9a-f]{16}-0[13]");
            });
    }

    private static final class CompletableFutures {

        static void join(java.util.concurrent.CompletableFuture<?> future) {
            future.orTimeout(5, TimeUnit.SECONDS).join();
        }
    }
}
