package sh.brane.devnet.test;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.test.context.PropertyMapping;

/**
 * Adds every Brane auto-configuration a test may need (provider, clients, signer, devnet and {@code DevNode},
 * health, metrics, observations, info, transactions, {@code @BraneContract} beans, {@code @BraneEventListener}
 * methods, and Boot's {@code @ServiceConnection} support when spring-boot-testcontainers is present) to a test
 * slice such as {@code @WebMvcTest} or {@code @JsonTest}, which leave it out. The list is in
 * {@code META-INF/spring/sh.brane.devnet.test.AutoConfigureBrane.imports}: the auto-configurations' names as text,
 * so this module needs no compile-time link to the starter (which depends on it). On any test (a slice or
 * {@code @SpringBootTest}), {@code devnet = true} starts a local Anvil for it: a test starts none otherwise,
 * whatever the application's own configuration says ({@code brane.devnet.enabled}).
 * <p>
 * It lives here, not in the starter's jar, as Boot keeps its {@code @AutoConfigure…} annotations in test modules:
 * an application declares {@code sh.brane:brane-devnet} for its tests (or optional, for the devnet at development
 * time) and its packaged jar carries no test support.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@ImportAutoConfiguration
public @interface AutoConfigureBrane {

    /**
     * Whether to start a local Anvil (this module's {@link sh.brane.devnet.Anvil}) for this test and connect to
     * it; sets {@code brane.devnet.in-tests}.
     */
    @PropertyMapping(value = "brane.devnet.in-tests", skip = PropertyMapping.Skip.ON_DEFAULT_VALUE)
    boolean devnet() default false;

}
