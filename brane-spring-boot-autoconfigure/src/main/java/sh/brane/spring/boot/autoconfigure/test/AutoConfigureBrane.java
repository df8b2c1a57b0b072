package sh.brane.spring.boot.autoconfigure.test;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.springframework.boot.autoconfigure.ImportAutoConfiguration;

/**
 * Adds Brane's auto-configuration (provider, clients, signer, devnet and {@code DevNode}, health, metrics,
 * observations) to a test slice such as {@code @WebMvcTest} or {@code @JsonTest}, which leave it out. The list is
 * in {@code META-INF/spring/sh.brane.spring.boot.autoconfigure.test.AutoConfigureBrane.imports}.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@ImportAutoConfiguration
public @interface AutoConfigureBrane {

}
