package com.cascade4arm.routes.state;

import com.cascade4arm.rules.store.ActiveRulesCache;
import com.cascade4arm.rules.store.ContentHash;
import com.cascade4arm.rules.store.HistoryEntry;
import com.cascade4arm.rules.store.NewVersion;
import com.cascade4arm.rules.store.RuleVersion;
import com.cascade4arm.rules.store.RuleVersions;
import com.cascade4arm.rules.store.StaleVersionException;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Rule versions in PostgreSQL, shared by every replica: an activation appends a version and moves the pointer in one
 * transaction, under the pointer row's lock (so a stale base is refused across replicas too), and sends a NOTIFY
 * that the other replicas' {@link RulesListener} pick up. Every active version read is also cached on disk.
 */
public final class PostgresRuleStore implements RuleVersions {
    private static final Logger LOG = LoggerFactory.getLogger(PostgresRuleStore.class);
    /** The NOTIFY channel; the payload is the new active version number. */
    public static final String CHANNEL = "cascade_rules";
    static final String BUNDLED_AUTHOR = "cascade4arm";
    static final String BUNDLED_COMMENT = "bundled default rulebook";
    /** Serializes the first replicas seeding an empty database (pg_advisory_xact_lock key). */
    private static final long SEED_LOCK = 0x43617363_52756c65L;
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String COLUMNS = "version, author, comment, created_at, base_version, restored_from, sha256, files";

    private final Database database;
    private final Map<String, String> bundled;
    private final ActiveRulesCache cache;
    private final StoreHealth health;
    private final Clock clock;
    private volatile boolean seeded;
    /** The version the disk cache holds, so reads do not rewrite (and fsync) an unchanged cache. */
    private volatile long cachedVersion = -1;
    /** The history as last read (plus versions this replica committed since), for reads while the database is down. */
    private volatile List<HistoryEntry> lastHistory = List.of();

    public PostgresRuleStore(Database database, Map<String, String> bundled, ActiveRulesCache cache, StoreHealth health) {
        this.database = database;
        this.bundled = Map.copyOf(bundled);
        this.cache = cache;
        this.health = health;
        this.clock = Clock.systemUTC();
    }

    @Override
    public RuleVersion active() {
        try (Connection c = connection()) {
            RuleVersion active = activeVersion(c);
            remember(active);
            return active;
        } catch (SQLException e) {
            throw health.unavailable("reading the rules", e);
        }
    }

    /** The history as this replica last read it (empty before the first read). */
    public List<HistoryEntry> lastHistory() {
        return lastHistory;
    }

    public ActiveRulesCache cache() {
        return cache;
    }

    @Override
    public List<HistoryEntry> history() {
        try (Connection c = connection();
             PreparedStatement s = c.prepareStatement("SELECT " + COLUMNS + " FROM rule_versions ORDER BY version DESC")) {
            List<HistoryEntry> entries = new ArrayList<>();
            try (ResultSet rows = s.executeQuery()) {
                while (rows.next()) {
                    entries.add(entry(rows));
                }
            }
            lastHistory = List.copyOf(entries);
            return entries;
        } catch (SQLException e) {
            throw health.unavailable("reading the rules history", e);
        }
    }

    @Override
    public Optional<HistoryEntry> find(long version) {
        try (Connection c = connection();
             PreparedStatement s = c.prepareStatement("SELECT " + COLUMNS + " FROM rule_versions WHERE version = ?")) {
            s.setLong(1, version);
            try (ResultSet rows = s.executeQuery()) {
                return rows.next() ? Optional.of(entry(rows)) : Optional.empty();
            }
        } catch (SQLException e) {
            throw health.unavailable("reading rules version " + version, e);
        }
    }

    @Override
    public RuleVersion commit(NewVersion candidate, Long expectedActive, Consumer<RuleVersion> onCommitted) {
        RuleVersion committed;
        try (Connection c = connection()) {
            c.setAutoCommit(false);
            try {
                long current = lockedActive(c);
                if (expectedActive != null && expectedActive != current) {
                    throw new StaleVersionException(expectedActive, current);
                }
                committed = append(c, candidate, current);
                c.commit();
            } catch (SQLException | RuntimeException e) {
                c.rollback();
                throw e;
            }
        } catch (SQLException e) {
            throw health.unavailable("activating rules", e);
        }
        LOG.info("rules version {} is active in the shared database ({} by {}: {})", committed.version(),
                committed.sha256().substring(0, 12), committed.author(), committed.comment());
        remember(committed);
        List<HistoryEntry> history = new ArrayList<>(lastHistory);
        history.add(0, HistoryEntry.good(committed));
        lastHistory = List.copyOf(history);
        onCommitted.accept(committed);
        return committed;
    }

    private void remember(RuleVersion version) {
        if (version.version() != cachedVersion) {
            cache.save(version);
            cachedVersion = version.version();
        }
    }

    @Override
    public String location() {
        return "postgres " + database.settings().jdbcUrl().orElseThrow();
    }

    private Connection connection() throws SQLException {
        Connection c = database.connection();
        try {
            if (!seeded) {
                seed(c);
            }
            health.up();
            return c;
        } catch (SQLException | RuntimeException e) {
            c.close();
            throw e;
        }
    }

    /** On an empty database the bundled rules become version 1 (once, whichever replica gets there first). */
    private void seed(Connection c) throws SQLException {
        c.setAutoCommit(false);
        try {
            try (PreparedStatement lock = c.prepareStatement("SELECT pg_advisory_xact_lock(?)")) {
                lock.setLong(1, SEED_LOCK);
                lock.execute();
            }
            boolean empty;
            try (PreparedStatement s = c.prepareStatement("SELECT count(*) FROM rules_active"); ResultSet r = s.executeQuery()) {
                empty = r.next() && r.getLong(1) == 0;
            }
            if (empty) {
                append(c, new NewVersion(bundled, BUNDLED_AUTHOR, BUNDLED_COMMENT, null), null);
            }
            c.commit();
            seeded = true;
        } catch (SQLException | RuntimeException e) {
            c.rollback();
            throw e;
        } finally {
            c.setAutoCommit(true);
        }
    }

    private static long lockedActive(Connection c) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT version FROM rules_active WHERE id = 1 FOR UPDATE");
             ResultSet r = s.executeQuery()) {
            if (!r.next()) {
                throw new SQLException("rules_active has no row: the database was not seeded");
            }
            return r.getLong(1);
        }
    }

    /** Appends the version, points at it and notifies; the caller commits. */
    private RuleVersion append(Connection c, NewVersion candidate, Long base) throws SQLException {
        long next;
        try (PreparedStatement s = c.prepareStatement("SELECT COALESCE(MAX(version), 0) + 1 FROM rule_versions");
             ResultSet r = s.executeQuery()) {
            r.next();
            next = r.getLong(1);
        }
        RuleVersion version = new RuleVersion(next, candidate.author(), candidate.comment(), clock.instant(), base,
                candidate.restoredFrom(), ContentHash.sha256(candidate.files()), candidate.files());
        try (PreparedStatement s = c.prepareStatement("INSERT INTO rule_versions (" + COLUMNS
                + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?::jsonb)")) {
            s.setLong(1, next);
            s.setString(2, version.author());
            s.setString(3, version.comment());
            s.setTimestamp(4, Timestamp.from(version.createdAt()));
            setLong(s, 5, base);
            setLong(s, 6, version.restoredFrom());
            s.setString(7, version.sha256());
            s.setString(8, json(version.files()));
            s.executeUpdate();
        }
        try (PreparedStatement s = c.prepareStatement("INSERT INTO rules_active (id, version, updated_at) VALUES (1, ?, now())"
                + " ON CONFLICT (id) DO UPDATE SET version = EXCLUDED.version, updated_at = EXCLUDED.updated_at")) {
            s.setLong(1, next);
            s.executeUpdate();
        }
        try (PreparedStatement s = c.prepareStatement("SELECT pg_notify('" + CHANNEL + "', ?)")) {
            s.setString(1, Long.toString(next)); // delivered when (and only if) the transaction commits
            s.execute();
        }
        return version;
    }

    static RuleVersion activeVersion(Connection c) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT " + prefixed() + " FROM rule_versions v"
                + " JOIN rules_active a ON a.version = v.version WHERE a.id = 1"); ResultSet r = s.executeQuery()) {
            if (!r.next()) {
                throw new SQLException("no active rules version in the database");
            }
            HistoryEntry entry = entry(r);
            if (entry.isDamaged()) {
                throw new SQLException("the active rules version " + entry.version() + " is damaged: " + entry.damage());
            }
            return entry.content();
        }
    }

    private static String prefixed() {
        return "v." + COLUMNS.replace(", ", ", v.");
    }

    /** A row as a history entry; content not hashing to its sha256 is reported as damage, as the file store does. */
    private static HistoryEntry entry(ResultSet r) throws SQLException {
        long version = r.getLong("version");
        Map<String, String> files;
        try {
            files = JSON.readValue(r.getString("files"), new TypeReference<Map<String, String>>() { });
        } catch (JsonProcessingException e) {
            return HistoryEntry.damaged(version, "files are not a JSON object of file names to DRL text");
        }
        String sha = r.getString("sha256");
        String actual = ContentHash.sha256(files);
        if (!actual.equals(sha)) {
            return HistoryEntry.damaged(version, "sha256 mismatch: recorded " + sha + ", content hashes to " + actual);
        }
        long base = r.getLong("base_version");
        Long baseVersion = r.wasNull() ? null : base;
        long restored = r.getLong("restored_from");
        Long restoredFrom = r.wasNull() ? null : restored;
        return HistoryEntry.good(new RuleVersion(version, r.getString("author"), r.getString("comment"),
                r.getTimestamp("created_at").toInstant(), baseVersion, restoredFrom, sha, files));
    }

    private static void setLong(PreparedStatement s, int index, Long value) throws SQLException {
        if (value == null) {
            s.setNull(index, Types.BIGINT);
        } else {
            s.setLong(index, value);
        }
    }

    private static String json(Map<String, String> files) {
        try {
            return JSON.writeValueAsString(files);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write JSON", e);
        }
    }
}
