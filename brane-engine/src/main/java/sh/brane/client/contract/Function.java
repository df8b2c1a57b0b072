package sh.brane.client.contract;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The ABI function a method calls when its name differs, or a full signature such as
 * {@code "safeTransferFrom(address,address,uint256,bytes)"} to pick one overload.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Function {
    String value();
}
