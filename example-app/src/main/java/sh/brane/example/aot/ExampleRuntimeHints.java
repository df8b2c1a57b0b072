package sh.brane.example.aot;

import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;

import sh.brane.example.token.Erc20;

/**
 * What a native image of this service needs beyond the starter's own hints ({@code BraneRuntimeHints}): the JDK proxy
 * that {@code BraneContracts} makes for {@link Erc20} at run time, and the token's ABI and bytecode, read as
 * class-path resources.
 */
public class ExampleRuntimeHints implements RuntimeHintsRegistrar {

    static final String TOKEN_ABI = "contracts/BraneToken.abi.json";

    static final String TOKEN_BIN = "contracts/BraneToken.bin";

    @Override
    public void registerHints(RuntimeHints hints, ClassLoader classLoader) {
        hints.proxies().registerJdkProxy(Erc20.class);
        hints.resources().registerPattern(TOKEN_ABI).registerPattern(TOKEN_BIN);
    }
}
