package sh.brane.devnet.junit;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Gives a test class a running Anvil node: declare a parameter of type {@link sh.brane.devnet.Anvil} (in a
 * constructor, lifecycle or test method) or a non-final field of that type (static or instance) and it is
 * injected.
 *
 * <p>By default each annotated class gets its own node, started before its first test and stopped after its
 * last. With {@code shared = true} the node is shared by every class of the run that asks for the same
 * settings, and stopped when the run ends. Never one node per test method: tests that need a fresh chain
 * can call {@link sh.brane.devnet.Anvil#restart()}.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@ExtendWith(AnvilExtension.class)
public @interface WithAnvil {

    /** Share one node across all test classes of the run that use the same settings. */
    boolean shared() default false;

    /** Chain id; 0 means Anvil's default (31337). */
    long chainId() default 0;

    /** Seconds between blocks; 0 means auto-mine (one block per transaction). */
    int blockTime() default 0;

    /** Number of funded dev accounts; 0 means Anvil's default (10). */
    int accounts() default 0;

    /** EVM hardfork, e.g. {@code "prague"}; empty means Anvil's default (latest). */
    String hardfork() default "";

    /** More Anvil command-line arguments. */
    String[] args() default {};
}
