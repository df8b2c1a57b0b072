package sh.brane.client.contract;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Where a contract interface's JSON ABI lives: a class-path resource, resolved like
 * {@link Class#getResource(String)} on the interface (relative to its package unless it starts with
 * {@code /}).
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface ContractAbi {
    /** The resource holding the JSON ABI (an array, as solc writes it). */
    String resource();
}
