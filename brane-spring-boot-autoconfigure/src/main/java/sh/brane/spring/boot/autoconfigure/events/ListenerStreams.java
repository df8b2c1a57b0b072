package sh.brane.spring.boot.autoconfigure.events;

import java.time.Duration;
import java.util.function.Function;

import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.boot.convert.DurationStyle;
import org.springframework.core.env.Environment;
import org.springframework.util.StringUtils;

import sh.brane.client.BraneClient;
import sh.brane.client.contract.BoundContract;
import sh.brane.client.contract.BraneContracts;
import sh.brane.client.contract.EventBinding;
import sh.brane.client.events.CheckpointStore;
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
        check(positive(properties.getPollInterval()), "brane.events.poll-interval", properties.getPollInterval(),
                "must be positive");
        check(properties.getLeaseTtl().compareTo(properties.getPollInterval().multipliedBy(2)) >= 0,
                "brane.events.lease-ttl", properties.getLeaseTtl(), "must be at least twice brane.events.poll-interval");
    }

    @SuppressWarnings({ "unchecked", "rawtypes" })
    LogStream<Record> create(ListenerMethod m) {
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
        check(positive(interval) && properties.getLeaseTtl().compareTo(interval.multipliedBy(2)) >= 0,
                prefix + "poll-interval", interval, "must be positive and at most half of brane.events.lease-ttl");
        String contractName = setting(m.annotation.contract(), own.getContract());
        String address = setting(m.annotation.address(), own.getAddress());
        BraneClient client = beans.getBeanProvider(BraneClient.class).getIfUnique();
        if (client == null) {
            throw new IllegalStateException("@BraneEventListener " + m.describe() + " needs one BraneClient bean: set "
                    + "brane.rpc.url");
        }
        LogStreamBuilder<?> builder = LogStream.builder(client).name(id);
        if (StringUtils.hasText(address)) {
            builder.address(address(address, prefix + "address"));
            builder = builder.event(EventBinding.of((Class) m.eventType, abiOf(m)));
        } else {
            BoundContract contract = contract(m, contractName, prefix);
            builder = builder.event(contract, (Class) m.eventType);
        }
        if (fromBlock == null) {
            builder.fromLatest();
        } else {
            builder.fromBlock(fromBlock);
        }
        return (LogStream<Record>) builder.confirmations(n).pollInterval(interval)
                .chunkSize(properties.getChunkSize()).reorgWindow(properties.getReorgWindow(), 50_000)
                .checkpoints(store, properties.getLeaseTtl())
                .build((sh.brane.client.events.LogHandler) m.handler());
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

    private static boolean positive(Duration d) {
        return d != null && !d.isNegative() && !d.isZero();
    }

    private static void check(boolean ok, String property, Object value, String reason) {
        if (!ok) {
            throw new InvalidConfigurationPropertyValueException(property, value, reason);
        }
    }
}
