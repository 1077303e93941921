package com.cascade4arm.routes.state;

import com.cascade4arm.routes.config.TestConfig;
import com.cascade4arm.testing.db.PostgresServer;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Schema version 3 (the Quartz tables) moved from a Java migration to the checked-in {@code V3__quartz_tables.sql}: a
 * database the old code migrated must still start, and a fresh one must get the same tables, on real PostgreSQL.
 */
class QuartzMigrationIT {
    private static final String HISTORY = "cascade_schema_history";
    private static PostgresServer server;

    @BeforeAll
    static void startPostgres() {
        server = PostgresServer.start();
    }

    @AfterAll
    static void stopPostgres() {
        server.close();
    }

    @Test
    void aDatabaseTheJavaMigrationMigratedStartsAndKeepsItsTables() throws Exception {
        String old = createDatabase("migrated_by_java");
        migrateAsTheOldCodeDid(old);
        assertThat(history(old, "3")).as("V3 as the old code recorded it")
                .containsExactly("JDBC", "QuartzTables", LegacyQuartzMigration.JAVA_SCRIPT, null);
        List<String> tablesBefore = quartzSchema(old);

        migrateWithTheGateway(old);
        migrateWithTheGateway(old); // a second start validates against the rewritten record

        String fresh = createDatabase("fresh");
        migrateWithTheGateway(fresh);
        assertThat(history(old, "3")).as("V3 after the upgrade, as a fresh database records it")
                .containsExactlyElementsOf(history(fresh, "3"))
                .containsExactly("SQL", LegacyQuartzMigration.DESCRIPTION, LegacyQuartzMigration.SCRIPT,
                        String.valueOf(LegacyQuartzMigration.checksum()));
        assertThat(quartzSchema(old)).as("the old database's tables").isEqualTo(tablesBefore)
                .as("a fresh database's tables").isEqualTo(quartzSchema(fresh)).hasSizeGreaterThan(50);
    }

    /** The statements of the checked-in V3, comments dropped (what Flyway runs). */
    static List<String> checkedInStatements() throws IOException {
        String script;
        try (InputStream in = QuartzMigrationIT.class.getClassLoader()
                .getResourceAsStream("db/cascade/" + LegacyQuartzMigration.SCRIPT)) {
            script = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        return V3__QuartzTables.split(script);
    }

    /** V1 and V2 from the SQL files, then V3 as the Java migration, exactly as the gateway did before. */
    private static void migrateAsTheOldCodeDid(String url) {
        Flyway.configure().dataSource(url, "postgres", "postgres").table(HISTORY).locations(Database.MIGRATIONS)
                .target("2").load().migrate();
        Flyway.configure().dataSource(url, "postgres", "postgres").table(HISTORY).locations("classpath:db/no-sql")
                .javaMigrations(new V3__QuartzTables()).ignoreMigrationPatterns("*:missing").load().migrate();
    }

    private static void migrateWithTheGateway(String url) throws SQLException {
        Map<String, String> properties = new HashMap<>(server.storeProperties("upgrade"));
        properties.put("cascade.store.jdbc-url", url);
        try (Database database = new Database(TestConfig.of(properties).store())) {
            database.migrate();
        }
    }

    private static String createDatabase(String name) throws SQLException {
        try (Connection connection = connect(server.jdbcUrl()); Statement statement = connection.createStatement()) {
            statement.execute("CREATE DATABASE " + name);
        }
        return server.jdbcUrl().replaceAll("/postgres$", "/" + name);
    }

    private static List<String> history(String url, String version) throws SQLException {
        return rows(url, "SELECT type, description, script, checksum FROM " + HISTORY + " WHERE version = '" + version
                + "'").stream().flatMap(row -> List.of(row.split("\\|", -1)).stream())
                .map(value -> value.equals("null") ? null : value).toList();
    }

    /** Columns (name, type, nullability, length), indexes and constraints of the Quartz tables. */
    private static List<String> quartzSchema(String url) throws SQLException {
        List<String> schema = new ArrayList<>(rows(url, "SELECT table_name, column_name, data_type, is_nullable, "
                + "character_maximum_length, column_default FROM information_schema.columns "
                + "WHERE table_name LIKE 'qrtz%' ORDER BY table_name, column_name"));
        schema.addAll(rows(url, "SELECT indexname, indexdef FROM pg_indexes WHERE tablename LIKE 'qrtz%' "
                + "ORDER BY indexname"));
        schema.addAll(rows(url, "SELECT conrelid::regclass::text, conname, pg_get_constraintdef(oid) "
                + "FROM pg_constraint WHERE conrelid::regclass::text LIKE 'qrtz%' ORDER BY 1, 2"));
        return schema;
    }

    private static List<String> rows(String url, String sql) throws SQLException {
        List<String> rows = new ArrayList<>();
        try (Connection connection = connect(url); Statement statement = connection.createStatement();
             ResultSet result = statement.executeQuery(sql)) {
            int columns = result.getMetaData().getColumnCount();
            while (result.next()) {
                StringBuilder row = new StringBuilder();
                for (int i = 1; i <= columns; i++) {
                    row.append(i > 1 ? "|" : "").append(result.getString(i));
                }
                rows.add(row.toString());
            }
        }
        return rows;
    }

    private static Connection connect(String url) throws SQLException {
        return DriverManager.getConnection(url, "postgres", "postgres");
    }
}
