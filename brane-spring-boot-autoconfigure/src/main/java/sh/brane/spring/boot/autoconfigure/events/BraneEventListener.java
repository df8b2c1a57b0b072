package sh.brane.spring.boot.autoconfigure.events;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Feeds a bean method from a log stream ({@code sh.brane.client.events.LogStream}), run by a
 * {@link BraneListenerContainer}: each confirmed event of a contract, decoded into the record the method takes, at
 * least once and in chain order, with the checkpoint committed after the method (or, once its retries are spent, the
 * {@link BraneLogRecoverer}) returns. A method that throws is called again after each back-off interval
 * ({@code brane.events.listener.retry.*}). Parameters: {@code (Event e)}, {@code (Event e, Log log)} or
 * {@code (StreamedLog<Event> log)}; the last two also receive removals after a reorganisation
 * ({@code log.removed()}), the first only additions (a removal is then logged at WARN).
 *
 * <pre>{@code
 * @BraneEventListener(contract = "usdc", fromBlock = "19000000", confirmations = "12")
 * void onTransfer(Erc20.Transfer transfer, Log log) { ... }
 * }</pre>
 *
 * Every setting also reads {@code brane.events.streams.<id>.*}; values here win, and take placeholders.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface BraneEventListener {

    /**
     * The listener's id: its stream's checkpoint key, the {@code <id>} of its properties, and its container's key in
     * the registry ({@link BraneEventListenerContainer#listenerContainer(String)}); default {@code bean.method}.
     */
    String id() default "";

    /**
     * Whether its container starts with the application context ({@code true} or {@code false}, placeholders
     * allowed); default {@code brane.events.auto-startup}. A container not started is started through the registry.
     */
    String autoStartup() default "";

    /**
     * The name of the {@code @BraneContract} bean whose event this is (its address and ABI); default: the one bean
     * of the interface that declares the record, unless {@link #address()} is given.
     */
    String contract() default "";

    /** The emitting contract's address, when no contract bean is used (the ABI is the declaring interface's). */
    String address() default "";

    /** The first block when the stream has no checkpoint yet: a number, or {@code latest} (the default). */
    String fromBlock() default "";

    /** Confirmations before delivery, the block itself counting as one; default {@code brane.events.confirmations}. */
    String confirmations() default "";

    /**
     * How often the head is polled while no {@code newHeads} subscription is live (HTTP); default
     * {@code brane.events.poll-interval}.
     */
    String pollInterval() default "";

    /**
     * The chain to read, a name configured under {@code brane.chains.<name>}: the stream uses that chain's
     * {@code BraneClient} and provider (and tags its metrics with it). Default: the chain its {@link #contract()}
     * bean is bound on ({@code BoundContract.contractClient()}), or with an {@link #address()}, the one
     * {@code BraneClient} (the {@code brane.rpc} shorthand's). A chain other than the contract's stops start-up. A name that is not configured stops start-up naming the configured ones.
     * Placeholders allowed; {@code brane.events.streams.<id>.chain} also sets it.
     */
    String chain() default "";
}
