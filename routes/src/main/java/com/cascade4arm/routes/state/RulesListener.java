package com.cascade4arm.routes.state;

import com.cascade4arm.routes.serving.routing.RulebookRoutingService;
import com.cascade4arm.rules.RulebookCompileException;
import com.cascade4arm.rules.safety.SafeRulebooks;
import com.cascade4arm.rules.store.RuleVersion;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Keeps this replica's routing on the cluster's active rules: LISTENs for the NOTIFY an activation sends (a switch
 * within milliseconds, no hard polling), re-reads the active version every reconcile period anyway (a notification
 * sent while this replica was disconnected is not replayed) and right after reconnecting. Its connection is also the
 * first to notice the database going away; it then retries every retry period until the database is back.
 */
public final class RulesListener implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(RulesListener.class);

    private final Database database;
    private final PostgresRuleStore store;
    private final RulebookRoutingService routing;
    private final StoreHealth health;
    private final Thread thread;
    /** A version that failed the rule check here: not compiled again on every reconcile. */
    private final AtomicLong refused = new AtomicLong();
    private volatile boolean running = true;
    private volatile Connection connection;

    public RulesListener(Database database, PostgresRuleStore store, RulebookRoutingService routing, StoreHealth health) {
        this.database = database;
        this.store = store;
        this.routing = routing;
        this.health = health;
        this.thread = new Thread(this::run, "cascade-rules-listener");
        this.thread.setDaemon(true);
    }

    public void start() {
        thread.start();
    }

    private void run() {
        StoreConfig settings = database.settings();
        while (running) {
            try (Connection c = database.dedicatedConnection()) {
                connection = c;
                try (Statement s = c.createStatement()) {
                    s.execute("LISTEN " + PostgresRuleStore.CHANNEL);
                }
                reconcile(); // whatever was activated while we were not listening
                PGConnection pg = c.unwrap(PGConnection.class);
                while (running) {
                    PGNotification[] notifications = pg.getNotifications((int) settings.reconcileMs());
                    if (notifications == null || notifications.length == 0) {
                        checkAlive(c);
                    }
                    reconcile();
                }
            } catch (SQLException | RuntimeException e) {
                if (!running) {
                    return;
                }
                health.down(Database.rootMessage(e));
                LOG.debug("rules listener lost the database: {}", e.toString());
                pause(settings.retryMs());
            } finally {
                connection = null;
            }
        }
    }

    /** An idle LISTEN connection may have died silently: a round trip finds out. */
    private static void checkAlive(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("SELECT 1");
        }
    }

    /** Routes with the database's active version if it is newer than the one routing now. */
    void reconcile() {
        RuleVersion active = store.active(); // throws (503-shaped) while the database is down
        health.servingNote(null);
        long current = routing.active().version();
        if (active.version() <= current || active.version() == refused.get()) {
            return;
        }
        try {
            if (routing.activateIfNewer(SafeRulebooks.compile(active.files()), active.version())) {
                LOG.info("routing with rules version {} (activated on another replica, was {})", active.version(), current);
            }
        } catch (RulebookCompileException e) {
            refused.set(active.version());
            LOG.error("the cluster's active rules version {} does not pass this replica's rule check; routing keeps "
                    + "version {}: {}", active.version(), current, e.getMessage());
        }
    }

    private void pause(long ms) {
        try {
            Thread.sleep(ms); // the retry period of a background reconnect loop, not a test synchronization
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            running = false;
        }
    }

    @Override
    public void close() {
        running = false;
        thread.interrupt();
        Connection c = connection;
        if (c != null) {
            try {
                c.close();
            } catch (SQLException ignored) {
                // closing anyway
            }
        }
    }
}
