package com.cascade4arm.routes.cluster;

import org.flywaydb.core.api.migration.BaseJavaMigration;
import org.flywaydb.core.api.migration.Context;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * Schema version 3: the tables of Quartz's clustered JDBC job store (the one scheduled benchmark of the cluster), from
 * the PostgreSQL script the Quartz jar ships, without its DROP statements and its COMMIT (Flyway runs the migration in
 * its own transaction). The tables match the Quartz that was on the class path when a database was first migrated:
 * Flyway runs V3 once per database and keeps no checksum of a Java migration, so a Quartz upgrade that changes its
 * schema needs a migration of its own (V4…), or existing databases keep the old tables.
 */
public final class V3__QuartzTables extends BaseJavaMigration {
    static final String SCRIPT = "org/quartz/impl/jdbcjobstore/tables_postgres.sql";

    @Override
    public void migrate(Context context) throws Exception {
        try (Statement statement = context.getConnection().createStatement()) {
            for (String sql : statements()) {
                statement.execute(sql);
            }
        }
    }

    /** The script's CREATE statements, comments dropped. */
    static List<String> statements() throws IOException {
        String script;
        try (InputStream in = V3__QuartzTables.class.getClassLoader().getResourceAsStream(SCRIPT)) {
            if (in == null) {
                throw new IOException(SCRIPT + " is not on the class path (is quartz there?)");
            }
            script = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        StringBuilder text = new StringBuilder();
        script.lines().filter(line -> !line.trim().startsWith("--")).forEach(line -> text.append(line).append('\n'));
        List<String> statements = new ArrayList<>();
        for (String part : text.toString().split(";")) {
            String sql = part.trim();
            String upper = sql.toUpperCase(java.util.Locale.ROOT);
            if (!sql.isEmpty() && !upper.startsWith("DROP ") && !upper.equals("COMMIT")) {
                statements.add(sql);
            }
        }
        return statements;
    }
}
