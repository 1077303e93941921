package com.cascade4arm.routes.state;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import org.flywaydb.core.Flyway;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The shared PostgreSQL: a HikariCP pool that starts even while the database is down (so a gateway can start on its
 * cached rules), the versioned schema migrations (Flyway, applied on the first connection that works), and dedicated
 * connections for LISTEN. Short timeouts: a request never waits long on a database that is gone.
 */
public final class Database implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Database.class);
    /** Migrations: routes/src/main/resources/db/cascade (SQL). */
    static final String MIGRATIONS = "classpath:db/cascade";
    /** Longest wait for a pooled connection, ms: an edit while the database is down answers 503 after this. */
    static final long CONNECTION_TIMEOUT_MS = 2_000;
    /** Longest a single statement may run, seconds. */
    static final int QUERY_TIMEOUT_S = 5;

    private final StoreConfig settings;
    /** This replica's name, read once (the host name lookup may be slow). */
    private final String replica;
    private final HikariDataSource pool;
    private final AtomicBoolean migrated = new AtomicBoolean();

    public Database(StoreConfig settings) {
        this.settings = settings;
        this.replica = settings.replica();
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(settings.jdbcUrl().orElse(null));
        config.setUsername(settings.user().orElse(null));
        config.setPassword(settings.password().orElse(null));
        config.setMaximumPoolSize(settings.poolSize());
        config.setMinimumIdle(1);
        config.setConnectionTimeout(CONNECTION_TIMEOUT_MS);
        config.setValidationTimeout(Math.min(CONNECTION_TIMEOUT_MS, 1_000));
        config.setInitializationFailTimeout(-1); // start without the database; connect when it is there
        config.setPoolName("cascade-store");
        config.addDataSourceProperty("socketTimeout", String.valueOf(QUERY_TIMEOUT_S * 2));
        config.addDataSourceProperty("connectTimeout", String.valueOf(CONNECTION_TIMEOUT_MS / 1000));
        config.addDataSourceProperty("ApplicationName", "cascade4arm " + replica);
        this.pool = new HikariDataSource(config);
    }

    /**
     * Applies pending migrations once per process life (replicas starting together are serialized by Flyway's own lock
     * in the database).
     *
     * @throws SQLException when the database cannot be reached
     */
    public void migrate() throws SQLException {
        if (migrated.get()) {
            return;
        }
        synchronized (migrated) {
            if (migrated.get()) {
                return;
            }
            try {
                var result = Flyway.configure().dataSource(pool).locations(MIGRATIONS)
                        .table("cascade_schema_history").load().migrate();
                LOG.info("database schema at version {} ({} migration(s) applied)", result.targetSchemaVersion,
                        result.migrationsExecuted);
                migrated.set(true);
            } catch (RuntimeException e) {
                throw new SQLException("cannot migrate the schema: " + rootMessage(e), e);
            }
        }
    }

    public Connection connection() throws SQLException {
        migrate();
        return pool.getConnection();
    }

    public DataSource dataSource() {
        return pool;
    }

    /** A connection outside the pool, for LISTEN (held for as long as it works). */
    Connection dedicatedConnection() throws SQLException {
        Properties props = new Properties();
        settings.user().ifPresent(user -> props.setProperty("user", user));
        settings.password().ifPresent(password -> props.setProperty("password", password));
        props.setProperty("connectTimeout", String.valueOf(CONNECTION_TIMEOUT_MS / 1000));
        props.setProperty("ApplicationName", "cascade4arm " + replica + " listener");
        props.setProperty("tcpKeepAlive", "true");
        return DriverManager.getConnection(settings.jdbcUrl().orElseThrow(), props);
    }

    public StoreConfig settings() {
        return settings;
    }

    /** This replica's name (cascade.store.replica-name, else the host's). */
    public String replica() {
        return replica;
    }

    /** The innermost cause's message: what an operator needs to read ("Connection refused"). */
    static String rootMessage(Throwable e) {
        Throwable cause = e;
        while (cause.getCause() != null && cause.getCause() != cause) {
            cause = cause.getCause();
        }
        return cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage();
    }

    @Override
    public void close() {
        pool.close();
    }
}
