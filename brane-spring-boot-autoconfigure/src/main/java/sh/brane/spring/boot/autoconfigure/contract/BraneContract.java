package sh.brane.spring.boot.autoconfigure.contract;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Makes a contract interface (see {@code sh.brane.client.contract.BraneContracts}) a bean, bound at the
 * address given here or by {@code brane.contracts.<name>.address}. Interfaces in the application's packages
 * are found automatically; {@link EnableBraneContracts} names other packages.
 *
 * <pre>{@code
 * @BraneContract(address = "${tokens.usdc}")
 * @ContractAbi(resource = "/abi/erc20.json")
 * public interface Usdc extends Erc20 {}
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface BraneContract {

    /** The bean name, and the {@code <name>} of {@code brane.contracts.<name>.*}; default: the interface's
     * simple name with a lower-case first letter. */
    String name() default "";

    /** The contract's address, placeholders allowed; default: {@code brane.contracts.<name>.address}. */
    String address() default "";

    /**
     * The name of the {@code BraneClient} bean to read through (e.g. a chain's client); default: the one
     * {@code BraneClient}. Placeholders allowed; {@code brane.contracts.<name>.client} also sets it.
     */
    String client() default "";

    /**
     * The chain to read, a name configured under {@code brane.chains.<name>}: the contract is bound on that chain's
     * {@code BraneClient} (the bean {@code <chain>BraneClient}), as {@code @BraneEventListener(chain = ...)} reads
     * one. Set {@code chain} or {@code client}, not both. Placeholders allowed; {@code brane.contracts.<name>.chain}
     * also sets it. A name that is not configured stops start-up naming the configured chains.
     */
    String chain() default "";

    /**
     * The name of the {@code SigningClient} bean that sends its transactions; default: the one
     * {@code SigningClient} if there is exactly one, else none (state-changing methods then only prepare
     * calls). {@code "none"} binds read-only. {@code brane.contracts.<name>.signer} also sets it.
     */
    String signer() default "";
}
