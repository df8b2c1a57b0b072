package sh.brane.spring.boot.autoconfigure.jdbc;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.springframework.beans.factory.annotation.Qualifier;

/**
 * Qualifier for the {@link javax.sql.DataSource} that holds Brane's tables (the transaction journal with
 * {@code brane.tx.store=jdbc}, the event checkpoints with {@code brane.events.store=jdbc}) when it is not the
 * application's own, as Spring Batch's {@code @BatchDataSource}. Without one, the stores use the application's single
 * DataSource. Naming a DataSource does not by itself make a store JDBC: the {@code store} properties do.
 */
@Target({ ElementType.FIELD, ElementType.METHOD, ElementType.PARAMETER, ElementType.TYPE, ElementType.ANNOTATION_TYPE })
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Qualifier
public @interface BraneDataSource {
}
