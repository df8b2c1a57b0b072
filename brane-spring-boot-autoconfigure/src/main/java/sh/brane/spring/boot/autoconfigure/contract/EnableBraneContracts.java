package sh.brane.spring.boot.autoconfigure.contract;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.springframework.context.annotation.Import;

/**
 * Scans packages for {@link BraneContract} interfaces and registers them as beans. Only needed when they live
 * outside the application's auto-configuration packages (which are scanned without it); with it, only the named
 * packages are scanned.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@Import(BraneContractsRegistrar.class)
public @interface EnableBraneContracts {

    /** Packages to scan; default: the annotated class's package. */
    String[] basePackages() default {};

    /** Classes whose packages to scan. */
    Class<?>[] basePackageClasses() default {};
}
