package sh.brane.client.contract;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** The custom error a record decodes, when the record's simple name differs from the error's name. */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface ContractError {
    /** The error's name, or its full signature such as {@code "InsufficientBalance(address,uint256,uint256)"}. */
    String value();
}
