package sh.brane.benchmarks;

import java.io.PrintWriter;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.util.concurrent.atomic.LongAdder;
import java.util.logging.Logger;

import javax.sql.DataSource;

/**
 * A {@link DataSource} that counts what the journal asks of the database: connections taken, statements executed
 * (each {@code execute*} call is one round trip to a server database; a JDBC batch is one), and commits. The
 * transfer benchmark prints them per transfer, to show how many database round trips a group of sends costs.
 */
final class JdbcCounter implements DataSource {
    final LongAdder connections = new LongAdder();
    final LongAdder executions = new LongAdder();
    final LongAdder commits = new LongAdder();
    private final DataSource inner;

    JdbcCounter(DataSource inner) {
        this.inner = inner;
    }

    void reset() {
        connections.reset();
        executions.reset();
        commits.reset();
    }

    @Override
    public Connection getConnection() throws SQLException {
        connections.increment();
        return wrap(inner.getConnection());
    }

    @Override
    public Connection getConnection(String username, String password) throws SQLException {
        connections.increment();
        return wrap(inner.getConnection(username, password));
    }

    private Connection wrap(Connection c) {
        return (Connection) Proxy.newProxyInstance(Connection.class.getClassLoader(), new Class<?>[] {Connection.class},
                new Counting(c, true));
    }

    private final class Counting implements InvocationHandler {
        private final Object target;
        private final boolean connection;

        Counting(Object target, boolean connection) {
            this.target = target;
            this.connection = connection;
        }

        @Override
        public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
            String name = method.getName();
            if (connection && name.equals("commit")) {
                commits.increment();
            } else if (!connection && name.startsWith("execute")) {
                executions.increment();
            }
            Object result;
            try {
                result = method.invoke(target, args);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
            if (connection && result instanceof PreparedStatement ps) {
                return Proxy.newProxyInstance(PreparedStatement.class.getClassLoader(),
                        new Class<?>[] {PreparedStatement.class}, new Counting(ps, false));
            }
            if (connection && result instanceof Statement s) {
                return Proxy.newProxyInstance(Statement.class.getClassLoader(), new Class<?>[] {Statement.class},
                        new Counting(s, false));
            }
            return result;
        }
    }

    @Override
    public PrintWriter getLogWriter() throws SQLException {
        return inner.getLogWriter();
    }

    @Override
    public void setLogWriter(PrintWriter out) throws SQLException {
        inner.setLogWriter(out);
    }

    @Override
    public void setLoginTimeout(int seconds) throws SQLException {
        inner.setLoginTimeout(seconds);
    }

    @Override
    public int getLoginTimeout() throws SQLException {
        return inner.getLoginTimeout();
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
        return inner.getParentLogger();
    }

    @Override
    public <T> T unwrap(Class<T> iface) throws SQLException {
        return inner.unwrap(iface);
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) throws SQLException {
        return inner.isWrapperFor(iface);
    }
}
