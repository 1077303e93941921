package com.cascade4arm.routes.state;

import com.cascade4arm.bench.runner.BenchmarkService;
import com.cascade4arm.routes.operator.bench.LocalRunHistory;
import com.cascade4arm.routes.operator.bench.RunHistory;
import com.cascade4arm.routes.serving.keys.KeyStore;
import com.cascade4arm.routes.serving.keys.RequestLogConfig;
import com.cascade4arm.routes.serving.requestlog.SharedRequestLog;
import com.cascade4arm.routes.serving.routing.RoutingService;
import com.cascade4arm.routes.serving.routing.RulebookRoutingService;
import com.cascade4arm.routes.operator.rulesadmin.RulebookStartup;
import com.cascade4arm.rules.engine.BundledRules;
import com.cascade4arm.rules.safety.SafeRulebooks;
import com.cascade4arm.rules.store.ActiveRulesCache;
import com.cascade4arm.rules.store.RuleStore;
import com.cascade4arm.rules.store.RuleVersion;
import com.cascade4arm.rules.store.RuleVersions;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.file.Path;
import java.util.Optional;

/**
 * The state a gateway shares with its replicas, or keeps to itself: with {@code cascade.store=files} (default) rule
 * versions in the data directory, opened on first use; with {@code postgres} the shared database, the rules listener,
 * the disk cache of the active rules and what /health says about the database.
 */
public final class SharedState implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(SharedState.class);
    private static final ObjectMapper JSON = new ObjectMapper();
    /** The version number of the bundled rules when neither the database nor a cache could give one. */
    static final long UNSYNCED_VERSION = 0;

    private final StoreConfig settings;
    /** Where rule versions live (cascade.rules.dir). */
    private final Path rulesDir;
    private final Database database;
    private final PostgresRuleStore sharedRules;
    /** What the rules API reads and edits through: the shared store, with reads from cache while it is down. */
    private final CachedRuleReads apiRules;
    private final StoreHealth health = new StoreHealth();
    private volatile RuleVersions localRules;
    private RulesListener listener;
    private volatile boolean closed;

    private SharedState(StoreConfig settings, Path rulesDir) {
        this.settings = settings;
        this.rulesDir = rulesDir;
        this.database = settings.shared() ? new Database(settings) : null;
        this.sharedRules = settings.shared() ? new PostgresRuleStore(database, BundledRules.load(),
                new ActiveRulesCache(rulesDir), health) : null;
        this.apiRules = settings.shared() ? new CachedRuleReads(sharedRules, health) : null;
    }

    public static SharedState open(StoreConfig settings, Path rulesDir) {
        SharedState state = new SharedState(settings, rulesDir);
        if (settings.shared()) {
            LOG.info("shared state in {} as replica {}", settings.jdbcUrl().orElseThrow(), state.database.replica());
        }
        return state;
    }

    /**
     * The rule versions: the shared database's (reads answered from this replica's last copy while it is unreachable),
     * or the data directory's (opened now, on first use).
     */
    public RuleVersions rules() {
        if (apiRules != null) {
            return apiRules;
        }
        RuleVersions opened = localRules;
        if (opened == null) {
            synchronized (this) {
                if (localRules == null) {
                    localRules = RuleStore.open(rulesDir, BundledRules.load());
                }
                opened = localRules;
            }
        }
        return opened;
    }

    /**
     * The routing the gateway starts with: the store's active version; with a shared database that cannot be reached,
     * the version cached on disk (else the bundled rules, as version 0) — the gateway starts and reports it degraded.
     */
    public RulebookRoutingService startRouting() {
        if (sharedRules == null) {
            return RulebookStartup.start(rules());
        }
        try {
            return RulebookStartup.start(sharedRules);
        } catch (RuntimeException e) {
            Optional<RuleVersion> cached = sharedRules.cache().load();
            if (cached.isPresent()) {
                try {
                    String note = "rules version " + cached.get().version() + " from the local cache "
                            + sharedRules.cache().file() + ": the database was unreachable at start";
                    RulebookRoutingService routing = new RulebookRoutingService(
                            SafeRulebooks.compile(cached.get().files()), cached.get().version());
                    health.servingNote(note);
                    LOG.warn("routing with {}", note);
                    return routing;
                } catch (RuntimeException compileFailure) {
                    LOG.error("the cached rules version {} does not pass the rule check: {}", cached.get().version(),
                            compileFailure.getMessage());
                }
            }
            String note = "the bundled rules (as version " + UNSYNCED_VERSION
                    + "): the database was unreachable at start and no cached version was usable";
            health.servingNote(note);
            LOG.warn("routing with {}", note);
            return new RulebookRoutingService(SafeRulebooks.compile(BundledRules.load()), UNSYNCED_VERSION);
        }
    }

    /** Where virtual keys live: {@code <data-dir>/keys} with local files, the shared database's tables otherwise. */
    public KeyStore keyStore(java.nio.file.Path dataDir) {
        return database == null ? new FileKeyStore(dataDir.resolve("keys")) : new PostgresKeyStore(database, health);
    }

    /**
     * The request log every replica shares (the {@code request_log} table), bounded by {@code config}'s retention and
     * row cap; null with local files (each gateway keeps its own log in memory).
     */
    public SharedRequestLog requestLog(RequestLogConfig config) {
        return database == null ? null
                : new PostgresRequestLog(database, config.retention(), config.maxRows(), settings.retryMs());
    }

    /** This replica's name in shared rows; null with local files. */
    public String replicaName() {
        return database == null ? null : database.replica();
    }

    /** Follows the cluster's activations (shared store only; a local store has no one else to follow). */
    public synchronized void follow(RoutingService routing) {
        if (sharedRules != null && listener == null && routing instanceof RulebookRoutingService rulebooks) {
            listener = new RulesListener(database, sharedRules, rulebooks, health);
            listener.start();
        }
    }

    /** The benchmark runs the API shows: this gateway's, or (shared store) every replica's. */
    public RunHistory runHistory(BenchmarkService service) {
        return database == null ? new LocalRunHistory(service) : new SharedRunHistory(database, service, health);
    }

    /**
     * Runs {@code task} (on a thread of its own) once the database has answered — at once when it is up, later when
     * the gateway started without it; retried every retry period while it fails. Nothing with local files.
     */
    public void whenDatabaseUp(String what, DatabaseTask task) {
        if (database == null) {
            return;
        }
        Thread thread = new Thread(() -> {
            while (!closed) {
                try {
                    database.migrate();
                    task.run();
                    return;
                } catch (Exception e) {
                    LOG.debug("{} waits for the database: {}", what, e.toString());
                    try {
                        Thread.sleep(settings.retryMs()); // background retry period, not a test synchronization
                    } catch (InterruptedException interrupted) {
                        return;
                    }
                }
            }
        }, "cascade-" + what);
        thread.setDaemon(true);
        thread.start();
    }

    /** Work that needs the database. */
    public interface DatabaseTask {
        void run() throws Exception;
    }

    /** What /health reports about the store: empty for local files, else the database's state. */
    public Optional<ObjectNode> health() {
        if (!settings.shared()) {
            return Optional.empty();
        }
        ObjectNode node = JSON.createObjectNode().put("kind", "postgres").put("replica", database.replica());
        node.put("status", health.isUp() ? "ok" : "degraded");
        if (!health.isUp()) {
            node.put("detail", "database unreachable since " + health.since() + " (" + health.problem()
                    + "): routing continues on the active rules; rule edits answer 503");
        }
        if (health.servingNote() != null) {
            node.put("rules_source", health.servingNote());
        }
        return Optional.of(node);
    }

    /** True while the gateway runs without its database (reported as status "degraded" in /health). */
    public boolean degraded() {
        return settings.shared() && (!health.isUp() || health.servingNote() != null);
    }

    public StoreConfig settings() {
        return settings;
    }

    /** The shared database; null with local files. */
    public Database database() {
        return database;
    }

    @Override
    public synchronized void close() {
        closed = true;
        if (listener != null) {
            listener.close();
        }
        if (database != null) {
            database.close();
        }
    }
}
