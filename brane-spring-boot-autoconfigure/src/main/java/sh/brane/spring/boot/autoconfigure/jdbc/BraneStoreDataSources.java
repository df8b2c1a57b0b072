package sh.brane.spring.boot.autoconfigure.jdbc;

import javax.sql.DataSource;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;

/** Picks the DataSource a JDBC store of Brane's uses: the {@link BraneDataSource} one, else the application's single one. */
public final class BraneStoreDataSources {

    private BraneStoreDataSources() {
    }

    /**
     * @param braneDataSource the DataSource qualified {@link BraneDataSource}, if any
     * @param dataSources every DataSource of the context
     * @param storeProperty the property that asked for a JDBC store (named in the failure), e.g. brane.tx.store
     * @return the DataSource, never null
     * @throws InvalidConfigurationPropertyValueException when there is neither a qualified nor a single DataSource
     */
    public static DataSource resolve(ObjectProvider<DataSource> braneDataSource, ObjectProvider<DataSource> dataSources,
            String storeProperty) {
        DataSource dataSource = braneDataSource.getIfAvailable(dataSources::getIfUnique);
        if (dataSource == null) {
            throw new InvalidConfigurationPropertyValueException(storeProperty, "jdbc",
                    "the application has no single DataSource bean: configure spring.datasource.*, mark the one for "
                            + "Brane's tables @BraneDataSource, or set " + storeProperty + "=memory");
        }
        return dataSource;
    }
}
