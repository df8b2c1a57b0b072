package sh.brane.spring.boot.autoconfigure.events;

import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ThreadFactory;
import java.util.function.Consumer;
import java.util.function.Function;

import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.boot.convert.DurationStyle;
import org.springframework.core.env.Environment;
import org.springframework.util.StringUtils;

import sh.brane.client.BraneClient;
import sh.brane.client.contract.BoundContract;
import sh.brane.client.contract.BraneContracts;
import sh.brane.client.contract.EventBinding;
import sh.brane.client.events.CheckpointStore;
import sh.brane.client.events.LogHandler;
import sh.brane.client.events.LogStream;
import sh.brane.client.events.LogStreamBuilder;
import sh.brane.core.abi.Abi;
import sh.brane.core.types.Address;
import sh.brane.core.types.AddressFormatException;

/**
 * Builds the log stream of one {@link BraneEventListener} method from its annotation, then
 * {@code brane.events.streams.<id>.*}, then the {@code brane.events.*} defaults. A bad value stops start-up naming
 * the property (or annotation attribute) and the fix.
 */
final class ListenerStreams {
    /** The chain tag of a stream on the one BraneClient, as the {@code brane.rpc.*} meters name it. */
    static final String DEFAULT_CHAIN = "default";

    private final ListableBeanFactory beans;
    private final Environment environment;
    private final BraneEventsProperties properties;
    private final CheckpointStore store;

    ListenerStreams(ListableBeanFactory beans, Environment environment, BraneEventsProperties properties,
            CheckpointStore store) {
        this.beans = beans;
        this.environment = environment;
        this.properties = properties;
        this.store = store;
        check(properties.getConfirmations() >= 1 && properties.getConfirmations() <= 10_000,
                "brane.events.confirmations", properties.getConfirmations(), "must be 1..10000 blocks");
        check(properties.getChunkSize() >= 1 && properties.getChunkSize() <= 100_000, "brane.events.chunk-size",
                properties.getChunkSize(), "must be 1..100000 blocks");
        check(properties.getReorgWindow() >= 2 && properties.getReorgWindow() <= 10_000, "brane.events.reorg-window",
                properties.getReorgWindow(), "must be 2..10000 blocks");
        check(interval(properties.getPollInterval()), "brane.events.poll-interval", properties.getPollInterval(),
                "must be 1ms..1h");
        check(interval(properties.getSubscribedPollInterval()), "brane.events.subscribed-poll-interval",
                properties.getSubscribedPollInterval(), "must be 1ms..1h");
        Duration ttl = properties.getLeaseTtl();
        check(ttl != null && ttl.toMillis() >= 100 && ttl.compareTo(Duration.ofHours(1)) <= 0,
                "brane.events.lease-ttl", ttl, "must be 100ms..1h");
    }

    /** A listener's stream, not yet started, and the chain it reads ({@code default}: the one BraneClient). */
    record ListenerStream(LogStream<Record> stream, String chain) {
    }

    @SuppressWarnings({ "unchecked", "rawtypes" })
    ListenerStream create(ListenerMethod m, LogHandler<Record> handler, ThreadFactory threads,
            Consumer<Exception> onError) {
        String id = m.id();
        String prefix = "brane.events.streams." + id + ".";
        BraneEventsProperties.Stream own = properties.getStreams().getOrDefault(id, new BraneEventsProperties.Stream());
        String from = setting(m.annotation.fromBlock(), own.getFromBlock());
        Long fromBlock = !StringUtils.hasText(from) || "latest".equalsIgnoreCase(from.strip()) ? null
                : parse(from, prefix + "from-block", Long::parseLong, "a block number or latest");
        check(fromBlock == null || fromBlock >= 0, prefix + "from-block", from, "must be 0 or more, or latest");
        String confirmations = setting(m.annotation.confirmations(),
                own.getConfirmations() == null ? null : own.getConfirmations().toString());
        int n = confirmations == null ? properties.getConfirmations()
                : parse(confirmations, prefix + "confirmations", Integer::parseInt, "a number of blocks");
        check(n >= 1 && n <= 10_000, prefix + "confirmations", n, "must be 1..10000 blocks");
        String poll = setting(m.annotation.pollInterval(),
                own.getPollInterval() == null ? null : own.getPollInterval().toString());
        Duration interval = poll == null ? properties.getPollInterval()
                : parse(poll, prefix + "poll-interval", DurationStyle::detectAndParse, "a duration such as 500ms");
        check(interval(interval), prefix + "poll-interval", interval, "must be 1ms..1h");
        String contractName = setting(m.annotation.contract(), own.getContract());
        String address = setting(m.annotation.address(), own.getAddress());
        String chain = setting(m.annotation.chain(), own.getChain());
        BoundContract contract = StringUtils.hasText(address) ? null : contract(m, contractName, prefix);
        BraneClient client = client(m, chain == null ? null : chain.strip(), contract, prefix);
        LogStreamBuilder<?> builder = LogStream.builder(client).name(id);
        if (contract == null) {
            builder.address(address(address, prefix + "address"));
            builder = builder.event(EventBinding.of((Class) m.eventType, abiOf(m)));
        } else {
            builder = builder.event(contract, (Class) m.eventType);
        }
        if (fromBlock == null) {
            builder.fromLatest();
        } else {
            builder.fromBlock(fromBlock);
        }
        LogStream<Record> stream = (LogStream<Record>) builder.confirmations(n).pollInterval(interval)
                .subscribedPollInterval(properties.getSubscribedPollInterval()).chunkSize(properties.getChunkSize()).reorgWindow(properties.getReorgWindow(), 50_000)
                .checkpoints(store, properties.getLeaseTtl()).threadFactory(threads).onError(onError)
                .build((LogHandler) handler);
        return new ListenerStream(stream, chain == null ? chainOf(client) : chain.strip());
    }

    /**
     * The client a listener reads through: the named chain's; else its contract's own (a contract bound on a chain
     * emits its events there, not on the default node); else the one client. A named chain that is not the
     * contract's stops start-up, since its logs would be looked for on a chain the contract does not live on.
     */
    private BraneClient client(ListenerMethod m, String chain, BoundContract contract, String prefix) {
        if (chain != null) {
            BraneClient client = chainClient(chain, prefix);
            if (contract != null && contract.contractClient() != client) {
                throw new IllegalStateException("@BraneEventListener " + m.describe() + " reads chain '" + chain
                        + "', but its contract at " + contract.contractAddress() + " is bound to "
                        + describeChain(contract.contractClient()) + ": remove the listener's chain (" + prefix
                        + "chain) to read the contract's own, or bind the contract on '" + chain
                        + "' (@BraneContract(chain = ...) or brane.contracts.<name>.chain)");
            }
            return client;
        }
        return contract != null ? contract.contractClient() : defaultClient(m, prefix);
    }

    private String describeChain(BraneClient client) {
        String chain = chainOf(client);
        return DEFAULT_CHAIN.equals(chain) ? "the default client (brane.rpc)" : "chain '" + chain + "'";
    }

    private BraneClient defaultClient(ListenerMethod m, String prefix) {
        BraneClient client = beans.getBeanProvider(BraneClient.class).getIfUnique();
        if (client == null) {
            Set<String> chains = chains();
            throw new IllegalStateException("@BraneEventListener " + m.describe() + " needs one BraneClient bean: set "
                    + "brane.rpc.url" + (chains.isEmpty() ? "" : ", or name one of the configured chains " + chains
                    + " with @BraneEventListener(chain = ...) or " + prefix + "chain"));
        }
        return client;
    }

    /**
     * The chain tag of the one client: {@code default}, unless it is a chain's own client (one chain configured and no
     * shorthand, where Spring falls back to that chain's bean).
     */
    private String chainOf(BraneClient client) {
        for (String chain : chains()) {
            String bean = chain + "BraneClient";
            if (beans.containsBean(bean) && beans.getBean(bean) == client) {
                return chain;
            }
        }
        return DEFAULT_CHAIN;
    }

    /** The client of {@code brane.chains.<chain>}, registered as {@code <chain>BraneClient}. */
    private BraneClient chainClient(String chain, String prefix) {
        Set<String> chains = chains();
        if (!chains.contains(chain)) {
            throw new InvalidConfigurationPropertyValueException(prefix + "chain", chain, "is not a configured chain;"
                    + " configured under brane.chains: " + (chains.isEmpty() ? "none" : String.join(", ", chains))
                    + ". Name one of them, or configure brane.chains." + chain + ".rpc.url");
        }
        return beans.getBean(chain + "BraneClient", BraneClient.class);
    }

    private Set<String> chains() {
        return Binder.get(environment).bind("brane.chains", Bindable.mapOf(String.class, Object.class))
                .map(Map::keySet).orElse(Set.of());
    }

    private BoundContract contract(ListenerMethod m, String name, String prefix) {
        Object bean;
        if (StringUtils.hasText(name)) {
            bean = beans.getBean(name);
        } else {
            Class<?> declaring = m.eventType.getEnclosingClass();
            String[] candidates = declaring == null ? new String[0] : beans.getBeanNamesForType(declaring);
            if (candidates.length != 1) {
                throw new IllegalStateException("@BraneEventListener " + m.describe() + ": which contract emits "
                        + m.eventType.getSimpleName() + "? " + candidates.length + " beans of "
                        + (declaring == null ? "its declaring interface" : declaring.getSimpleName()) + "; set contract"
                        + " (a @BraneContract bean name) or address on the annotation, or " + prefix + "contract");
            }
            bean = beans.getBean(candidates[0]);
        }
        if (!(bean instanceof BoundContract contract)) {
            throw new IllegalStateException("@BraneEventListener " + m.describe() + ": contract bean '" + name
                    + "' must be a @BraneContract interface extending BoundContract (for its address and ABI), or give"
                    + " the address");
        }
        return contract;
    }

    private static Abi abiOf(ListenerMethod m) {
        Class<?> declaring = m.eventType.getEnclosingClass();
        if (declaring == null || !declaring.isInterface()) {
            throw new IllegalStateException("@BraneEventListener " + m.describe() + ": with an address, the record "
                    + m.eventType.getSimpleName() + " must be declared in a @ContractAbi contract interface (its ABI)");
        }
        return BraneContracts.binder(declaring).abi();
    }

    private String setting(String annotated, String property) {
        if (StringUtils.hasText(annotated)) {
            return environment.resolveRequiredPlaceholders(annotated);
        }
        return StringUtils.hasText(property) ? property : null;
    }

    private static Address address(String value, String property) {
        try {
            return Address.of(value.strip());
        } catch (AddressFormatException e) {
            throw new InvalidConfigurationPropertyValueException(property, value,
                    "must be 20 bytes of hex (0x followed by 40 digits): " + e.getMessage());
        }
    }

    private static <T> T parse(String value, String property, Function<String, T> parser, String expected) {
        try {
            return parser.apply(value.strip());
        } catch (RuntimeException e) {
            throw new InvalidConfigurationPropertyValueException(property, value, "must be " + expected);
        }
    }

    private static boolean interval(Duration d) {
        return d != null && d.toMillis() >= 1 && d.compareTo(Duration.ofHours(1)) <= 0;
    }

    private static void check(boolean ok, String property, Object value, String reason) {
        if (!ok) {
            throw new InvalidConfigurationPropertyValueException(property, value, reason);
        }
    }
}
