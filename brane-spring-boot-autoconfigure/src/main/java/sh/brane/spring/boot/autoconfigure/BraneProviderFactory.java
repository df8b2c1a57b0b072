package sh.brane.spring.boot.autoconfigure;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executor;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import sh.brane.rpc.BraneMetrics;
import sh.brane.rpc.BraneProvider;
import sh.brane.rpc.BraneRpcException;
import sh.brane.rpc.FallbackProvider;
import sh.brane.rpc.HttpProvider;
import sh.brane.rpc.WebSocketProvider;

/**
 * Builds the provider the connection details describe: one WebSocket or HTTP provider (the URL's scheme decides),
 * or a {@link FallbackProvider} over several, each with its own metrics under its own endpoint name.
 */
final class BraneProviderFactory {

    private static final Logger logger = LoggerFactory.getLogger(BraneProviderFactory.class);

    private final BraneProperties properties;

    private final Executor callbackExecutor;

    private final List<WebSocketConfigCustomizer> webSocketCustomizers;

    private final List<HttpConfigCustomizer> httpCustomizers;

    private final List<BraneMetricsFactory> metricsFactories;

    private final List<BraneProviderDecorator> decorators;

    BraneProviderFactory(BraneProperties properties, Executor callbackExecutor,
            List<WebSocketConfigCustomizer> webSocketCustomizers, List<HttpConfigCustomizer> httpCustomizers,
            List<BraneMetricsFactory> metricsFactories, List<BraneProviderDecorator> decorators) {
        this.properties = properties;
        this.callbackExecutor = callbackExecutor;
        this.webSocketCustomizers = webSocketCustomizers;
        this.httpCustomizers = httpCustomizers;
        this.metricsFactories = metricsFactories;
        this.decorators = decorators;
    }

    BraneProvider create(BraneConnectionDetails details) {
        List<BraneConnectionDetails.Endpoint> endpoints = details.getEndpoints();
        if (endpoints.isEmpty()) {
            return single(details.getUrl(), this.properties.getRpc().getName(), details.getHeaders());
        }
        if (this.properties.getRpc().getUrl() != null && details instanceof PropertiesBraneConnectionDetails) {
            throw new InvalidBranePropertyException("brane.rpc.url", "(set)",
                    "set either brane.rpc.url or brane.rpc.endpoints, not both");
        }
        return fallback(endpoints, details.getHeaders());
    }

    private BraneProvider fallback(List<BraneConnectionDetails.Endpoint> endpoints, Map<String, String> common) {
        Set<String> names = new HashSet<>();
        List<BraneProvider> created = new ArrayList<>();
        try {
            for (int i = 0; i < endpoints.size(); i++) {
                BraneConnectionDetails.Endpoint endpoint = endpoints.get(i);
                String name = endpoint.name();
                if (name == null || name.isBlank() || !names.add(name)) {
                    throw new InvalidBranePropertyException("brane.rpc.endpoints[" + i + "].name",
                            String.valueOf(name), "every endpoint needs a name of its own (used as metrics tag)");
                }
                Map<String, String> headers = new LinkedHashMap<>(common);
                headers.putAll(endpoint.headers());
                created.add(single(endpoint.url(), name, headers));
            }
            FallbackProvider.Builder builder = FallbackProvider.builder();
            created.forEach(builder::add);
            BraneProperties.Fallback fallback = this.properties.getRpc().getFallback();
            try {
                return builder.failureThreshold(fallback.getFailureThreshold())
                    .probeInterval(fallback.getProbeInterval())
                    .requestTimeout(this.properties.getRpc().getRequestTimeout())
                    .build();
            }
            catch (IllegalArgumentException ex) {
                boolean threshold = String.valueOf(ex.getMessage()).startsWith("failureThreshold");
                throw new InvalidBranePropertyException(
                        threshold ? "brane.rpc.fallback.failure-threshold" : "brane.rpc.fallback.probe-interval",
                        threshold ? String.valueOf(fallback.getFailureThreshold())
                                : String.valueOf(fallback.getProbeInterval()),
                        ex.getMessage());
            }
        }
        catch (RuntimeException ex) {
            created.forEach(BraneProvider::close);
            throw ex;
        }
    }

    private BraneProvider single(String rawUrl, String name, Map<String, String> headers) {
        BraneUrl url = BraneUrl.parse(rawUrl);
        BraneProvider provider;
        if (url.webSocket()) {
            provider = WebSocketProvider.create(ProviderConfigMapper.webSocket(url, name, headers, this.properties,
                    this.callbackExecutor, this.webSocketCustomizers));
        }
        else {
            provider = HttpProvider.create(ProviderConfigMapper.http(url, name, headers, this.properties,
                    this.callbackExecutor, this.httpCustomizers));
        }
        try {
            String transport = url.webSocket() ? "ws" : "http";
            List<BraneMetrics> metrics = this.metricsFactories.stream()
                .map((factory) -> factory.create(provider, name, transport))
                .toList();
            if (!metrics.isEmpty()) {
                provider.setMetrics((metrics.size() == 1) ? metrics.get(0) : new CompositeBraneMetrics(metrics));
            }
            Long expected = this.properties.getRpc().getExpectedChainId();
            if (expected != null) {
                verifyChainId(provider, name, expected);
            }
        }
        catch (RuntimeException ex) {
            provider.close();
            throw ex;
        }
        logger.info("Brane provider '{}' connected to {} over {}", name, url.redacted(),
                url.webSocket() ? "WebSocket" : "HTTP");
        BraneProvider decorated = provider;
        for (BraneProviderDecorator decorator : this.decorators) {
            decorated = decorator.decorate(decorated, name, url.webSocket() ? "ws" : "http");
        }
        return decorated;
    }

    private static void verifyChainId(BraneProvider provider, String name, long expected) {
        String hex;
        try {
            hex = provider.send("eth_chainId", List.of()).asString();
        }
        catch (BraneRpcException ex) {
            // A node that is down at start-up must not keep the service down: the pinned chain id still guards
            // every transaction (each signer refuses to sign for another chain), and a node that answers on the
            // wrong chain now fails start-up below.
            logger.warn("Could not read the chain id of node '{}' at start-up to check brane.rpc.expected-chain-id"
                    + " ({}); signers still sign for chain {} only", name, ex.getMessage(), expected);
            return;
        }
        long actual = Quantities.parseLong(hex);
        if (actual != expected) {
            throw new BraneChainIdMismatchException(name, expected, actual);
        }
    }
}
