package sh.brane.spring.boot.autoconfigure;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.boot.ssl.SslBundles;

import sh.brane.rpc.BraneMetrics;
import sh.brane.rpc.BraneProvider;
import sh.brane.rpc.FallbackProvider;
import sh.brane.rpc.HttpProvider;
import sh.brane.rpc.InvalidOptionException;
import sh.brane.rpc.WebSocketConfig;
import sh.brane.rpc.WebSocketProvider;

/**
 * Builds the provider the connection details describe: one WebSocket or HTTP provider (the URL's scheme decides),
 * or a {@link FallbackProvider} over several, each with its own metrics under its own endpoint name.
 */
final class BraneProviderFactory {

    private static final Logger logger = LoggerFactory.getLogger(BraneProviderFactory.class);

    /** The chain's node settings: {@code brane.rpc} or {@code brane.chains.<chain>.rpc}. */
    private final BraneProperties.Rpc rpc;

    /** Where {@link #rpc} is bound, for error reports: {@code brane.rpc} or {@code brane.chains.<chain>.rpc}. */
    private final String prefix;

    /** The chain's name, a metrics tag: {@value #SHORTHAND_CHAIN} for the one-chain shorthand. */
    private final String chain;

    private final Executor callbackExecutor;

    private final List<WebSocketConfigCustomizer> webSocketCustomizers;

    private final List<HttpConfigCustomizer> httpCustomizers;

    private final List<BraneMetricsFactory> metricsFactories;

    private final List<BraneProviderDecorator> decorators;

    private final SslBundles sslBundles;

    /** Where a chain id mismatch found after start-up is recorded for the health contributor. */
    private final BraneChainIdVerdicts verdicts;

    /** Closed when shutdown begins: the provider then refuses new calls; null for none. */
    private BraneDrainGate drainGate;

    /** The chain name of {@code brane.rpc} (the one-chain shorthand). */
    static final String SHORTHAND_CHAIN = "default";

    BraneProviderFactory(BraneProperties.Rpc rpc, String prefix, String chain, Executor callbackExecutor,
            List<WebSocketConfigCustomizer> webSocketCustomizers, List<HttpConfigCustomizer> httpCustomizers,
            List<BraneMetricsFactory> metricsFactories, List<BraneProviderDecorator> decorators,
            SslBundles sslBundles, BraneChainIdVerdicts verdicts) {
        this.rpc = rpc;
        this.verdicts = (verdicts != null) ? verdicts : new BraneChainIdVerdicts();
        this.prefix = prefix;
        this.chain = chain;
        this.sslBundles = sslBundles;
        this.callbackExecutor = callbackExecutor;
        this.webSocketCustomizers = webSocketCustomizers;
        this.httpCustomizers = httpCustomizers;
        this.metricsFactories = metricsFactories;
        this.decorators = decorators;
    }

    /** The provider refuses new calls once {@code gate} is closed (shutdown); null for none. */
    BraneProviderFactory drainingWith(BraneDrainGate gate) {
        this.drainGate = gate;
        return this;
    }

    BraneProvider create(BraneConnectionDetails details) {
        BraneProvider provider = createProvider(details);
        // outermost, over a fallback too: a refused call must not count as an endpoint's failure
        return (this.drainGate != null) ? new DrainingBraneProvider(provider, this.drainGate, this.chain) : provider;
    }

    private BraneProvider createProvider(BraneConnectionDetails details) {
        List<BraneConnectionDetails.Endpoint> endpoints = details.getEndpoints();
        if (endpoints.isEmpty()) {
            if (details.getSslBundle() != null) {
                BraneUrl url = BraneUrl.parse(details.getUrl());
                return single(url, endpointName(), details.getHeaders(), NodeTls.of(details.getSslBundle(), url));
            }
            return single(details.getUrl(), endpointName(), details.getHeaders(), this.prefix + ".ssl.bundle",
                    this.rpc.getSsl().getBundle());
        }
        if (this.rpc.getUrl() != null && details instanceof PropertiesBraneConnectionDetails) {
            throw new InvalidConfigurationPropertyValueException(this.prefix + ".url", "(set)",
                    "set either " + this.prefix + ".url or " + this.prefix + ".endpoints, not both");
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
                    throw new InvalidConfigurationPropertyValueException(this.prefix + ".endpoints[" + i + "].name",
                            name,
                            "every endpoint needs a name of its own (used as metrics tag)");
                }
                Map<String, String> headers = new LinkedHashMap<>(common);
                headers.putAll(endpoint.headers());
                String[] bundle = sslBundleOf(i, name);
                created.add(single(endpoint.url(), name, headers, bundle[0], bundle[1]));
            }
            FallbackProvider.Builder builder = FallbackProvider.builder();
            created.forEach(builder::add);
            BraneProperties.Fallback fallback = this.rpc.getFallback();
            Long expectedChainId = this.rpc.getExpectedChainId();
            if (expectedChainId != null) {
                // an endpoint returning to rotation, or taking its first submission, must report the pinned chain
                builder.expectedChainId(expectedChainId);
            }
            try {
                return builder.failureThreshold(fallback.getFailureThreshold())
                    .probeInterval(fallback.getProbeInterval())
                    .requestTimeout(this.rpc.getRequestTimeout())
                    .build();
            }
            catch (InvalidOptionException ex) {
                throw switch (ex.option()) {
                    case "failureThreshold" -> new InvalidConfigurationPropertyValueException(
                            this.prefix + ".fallback.failure-threshold", fallback.getFailureThreshold(), ex.reason());
                    case "probeInterval" -> new InvalidConfigurationPropertyValueException(
                            this.prefix + ".fallback.probe-interval", fallback.getProbeInterval(), ex.reason());
                    case "requestTimeout" -> new InvalidConfigurationPropertyValueException(
                            this.prefix + ".request-timeout", this.rpc.getRequestTimeout(), ex.reason());
                    default -> ex;
                };
            }
        }
        catch (RuntimeException ex) {
            created.forEach(BraneProvider::close);
            throw ex;
        }
    }

    /** The endpoint's own ssl.bundle (when it is configured by properties), else the chain's rpc.ssl.bundle. */
    private String[] sslBundleOf(int index, String name) {
        List<BraneProperties.Endpoint> configured = this.rpc.getEndpoints();
        if (index < configured.size() && name.equals(configured.get(index).getName())
                && configured.get(index).getSsl().getBundle() != null) {
            return new String[] { this.prefix + ".endpoints[" + index + "].ssl.bundle",
                    configured.get(index).getSsl().getBundle() };
        }
        return new String[] { this.prefix + ".ssl.bundle", this.rpc.getSsl().getBundle() };
    }

    /** The single endpoint's name: rpc.name, else (a chain of brane.chains) the chain's name. */
    private String endpointName() {
        String name = this.rpc.getName();
        return (name != null && !name.isBlank()) ? name : this.chain;
    }

    private BraneProvider single(String rawUrl, String name, Map<String, String> headers, String bundleProperty,
            String bundleName) {
        BraneUrl url = BraneUrl.parse(rawUrl);
        return single(url, name, headers, NodeTls.resolve(bundleProperty, bundleName, url, this.sslBundles));
    }

    private BraneProvider single(BraneUrl url, String name, Map<String, String> headers, NodeTls tls) {
        BraneProvider provider;
        // a WebSocket endpoint is reached at its first handshake; an HTTP one when it first answers (null)
        CompletableFuture<Void> firstConnection = null;
        if (url.webSocket()) {
            // start-up does not wait for the node, not even for a first attempt (a silent node would hold it for
            // the whole connect timeout): the provider connects, and retries, in the background
            WebSocketConfig config = ProviderConfigMapper.webSocket(url, name, headers, this.rpc, this.prefix,
                    this.callbackExecutor, this.webSocketCustomizers, tls);
            WebSocketProvider ws = WebSocketProvider.start(config);
            provider = ws;
            firstConnection = ws.firstConnection();
            logger.info("Brane provider '{}' connects to {} over WebSocket in the background (health is DOWN until "
                    + "it is connected)", name, url.redacted());
            ws.firstConnection()
                .thenRun(() -> logger.info("Brane provider '{}' connected to {} over WebSocket", name, url.redacted()));
        }
        else {
            provider = HttpProvider.create(ProviderConfigMapper.http(url, name, headers, this.rpc, this.prefix,
                    this.callbackExecutor, this.httpCustomizers, tls));
            // HTTP opens connections per request: nothing is known about the node yet (the health check tells)
            logger.info("Brane provider '{}' sends to {} over HTTP", name, url.redacted());
        }
        try {
            String transport = url.webSocket() ? "ws" : "http";
            boolean callsTimed = this.decorators.stream().anyMatch(BraneProviderDecorator::timesCalls);
            List<BraneMetrics> metrics = this.metricsFactories.stream()
                .map((factory) -> factory.create(provider, this.chain, name, transport, callsTimed))
                .toList();
            if (!metrics.isEmpty()) {
                provider.setMetrics((metrics.size() == 1) ? metrics.get(0) : new CompositeBraneMetrics(metrics));
            }
            Long expected = this.rpc.getExpectedChainId();
            if (expected != null) {
                ChainIdCheck check = new ChainIdCheck(provider, this.chain, name, expected,
                        this.prefix + ".expected-chain-id", this.verdicts);
                if (firstConnection != null) {
                    check.whenReached(firstConnection);
                }
                else {
                    check.untilAnswered();
                }
            }
        }
        catch (RuntimeException ex) {
            provider.close();
            throw ex;
        }
        BraneProvider decorated = provider;
        for (BraneProviderDecorator decorator : this.decorators) {
            decorated = decorator.decorate(decorated, this.chain, name, url.webSocket() ? "ws" : "http");
        }
        return decorated;
    }
}
