package com.cascade4arm.routes.state;

import org.apache.camel.component.quartz.QuartzComponent;
import org.quartz.utils.ConnectionProvider;
import org.quartz.utils.DBConnectionManager;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Properties;
import java.util.UUID;

/**
 * camel-quartz on Quartz's clustered JDBC job store in the shared database: every replica runs a scheduler with the
 * same name, they agree through the QRTZ_ tables (row locks) which one fires each trigger, and a replica that stops
 * checking in for a while is taken over by the others.
 */
public final class ClusterScheduler {
    /** The scheduler name every replica shares (the SCHED_NAME column of the job store). */
    static final String SCHEDULER_NAME = "cascade4arm";
    /** Scheduler worker threads: the scheduled benchmark only starts a run (it runs on its own thread). */
    static final int THREADS = 1;
    /** A trigger more than this late fires once at once (then keeps its rhythm), ms. */
    static final long MISFIRE_THRESHOLD_MS = 60_000;

    private ClusterScheduler() {
    }

    /** The "quartz" component for the cluster: its job store in {@code database}, this replica named as its instance. */
    public static QuartzComponent component(Database database) {
        StoreConfig settings = database.settings();
        // Quartz finds data sources by name in a JVM-wide registry: a unique name per gateway (tests run several).
        String dataSource = "cascade-" + UUID.randomUUID();
        DBConnectionManager.getInstance().addConnectionProvider(dataSource, new ConnectionProvider() {
            @Override
            public Connection getConnection() throws SQLException {
                return database.connection();
            }

            @Override
            public void shutdown() {
                // the pool belongs to the gateway, which closes it
            }

            @Override
            public void initialize() {
            }
        });
        Properties p = new Properties();
        p.setProperty("org.quartz.scheduler.instanceName", SCHEDULER_NAME);
        p.setProperty("org.quartz.scheduler.instanceId", database.replica() + "-" + UUID.randomUUID());
        p.setProperty("org.quartz.scheduler.skipUpdateCheck", "true");
        p.setProperty("org.quartz.threadPool.threadCount", String.valueOf(THREADS));
        p.setProperty("org.quartz.jobStore.class", "org.quartz.impl.jdbcjobstore.JobStoreTX");
        p.setProperty("org.quartz.jobStore.driverDelegateClass", "org.quartz.impl.jdbcjobstore.PostgreSQLDelegate");
        p.setProperty("org.quartz.jobStore.dataSource", dataSource);
        p.setProperty("org.quartz.jobStore.tablePrefix", "QRTZ_");
        p.setProperty("org.quartz.jobStore.isClustered", "true");
        p.setProperty("org.quartz.jobStore.clusterCheckinInterval", String.valueOf(settings.schedulerCheckinMs()));
        p.setProperty("org.quartz.jobStore.misfireThreshold", String.valueOf(MISFIRE_THRESHOLD_MS));
        QuartzComponent quartz = new QuartzComponent();
        quartz.setProperties(p);
        return quartz;
    }
}
