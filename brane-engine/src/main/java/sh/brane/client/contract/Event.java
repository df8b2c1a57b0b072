package sh.brane.client.contract;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** The ABI event a record decodes, when the record's simple name differs from the event's name. */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Event {
    /** The event's name, or its full signature such as {@code "Transfer(address,address,uint256)"}. */
    String value();
}
