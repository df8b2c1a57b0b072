/**
 * What Brane's JDBC stores share: the {@link sh.brane.spring.boot.autoconfigure.jdbc.BraneDataSource} qualifier, the
 * DataSource they resolve and the settings of Boot's script initializer for their schema scripts.
 */
package sh.brane.spring.boot.autoconfigure.jdbc;
