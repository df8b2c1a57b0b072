package sh.brane.client.tx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.PrintWriter;
import java.math.BigInteger;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.logging.Logger;

import javax.sql.DataSource;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;

import sh.brane.client.BlockTag;
import sh.brane.core.crypto.PrivateKey;

/** The money path with the JDBC store on an embedded H2 database, each "instance" with its own connection pool. */
class H2TransactionLifecycleTest extends TransactionLifecycleTestBase {
    private static final List<HikariDataSource> POOLS = new ArrayList<>();
    private static String url;

    @BeforeAll
    static void database() {
        url = "jdbc:h2:mem:brane-tx-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1";
        JdbcTransactionStore.migrate(pool());
    }

    static synchronized HikariDataSource pool() {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(url);
        config.setMaximumPoolSize(8);
        HikariDataSource ds = new HikariDataSource(config);
        POOLS.add(ds);
        return ds;
    }

    @AfterAll
    static synchronized void closePools() {
        POOLS.forEach(HikariDataSource::close);
    }

    @Override
    TransactionStore newStore() {
        return new JdbcTransactionStore(pool());
    }

    @Test
    void migratingTwiceIsANoOp() {
        JdbcTransactionStore.migrate(pool());
    }

    @Test
    void fourInstancesShareOneAccount() throws Exception {
        instancesShareOneAccount(4, 4, 400);
    }

    @Test
    void aJournalThatIsDownFailsFastAndNothingIsBroadcast() {
        PrivateKey key = freshKey(anvil);
        TransactionSender s = sender(client, key, new JdbcTransactionStore(new DownDataSource()), SendLimits.NONE);
        long pending = client.getTransactionCount(key.address(), BlockTag.PENDING);
        assertThatThrownBy(() -> s.send(n -> transfer(n, BOB, 1, GWEI.multiply(BigInteger.TEN))))
                .isInstanceOf(JournalUnavailableException.class)
                .hasMessageContaining("nothing was broadcast")
                .hasMessageContaining("connection refused");
        assertThat(client.getTransactionCount(key.address(), BlockTag.PENDING)).isEqualTo(pending);
    }

    /** A database that cannot be reached. */
    private static final class DownDataSource implements DataSource {
        @Override
        public Connection getConnection() throws SQLException {
            throw new SQLException("connection refused (test: the journal database is down)");
        }

        @Override
        public Connection getConnection(String username, String password) throws SQLException {
            return getConnection();
        }

        @Override
        public PrintWriter getLogWriter() {
            return null;
        }

        @Override
        public void setLogWriter(PrintWriter out) {
        }

        @Override
        public void setLoginTimeout(int seconds) {
        }

        @Override
        public int getLoginTimeout() {
            return 0;
        }

        @Override
        public Logger getParentLogger() throws SQLFeatureNotSupportedException {
            throw new SQLFeatureNotSupportedException();
        }

        @Override
        public <T> T unwrap(Class<T> iface) throws SQLException {
            throw new SQLException("not a wrapper");
        }

        @Override
        public boolean isWrapperFor(Class<?> iface) {
            return false;
        }
    }
}
