package com.cascade4arm.routes.state;

import org.flywaydb.core.api.migration.BaseJavaMigration;
import org.flywaydb.core.api.migration.Context;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * Schema version 3 as the gateway shipped it before {@code V3__quartz_tables.sql}: a Java migration that split the
 * PostgreSQL script in the Quartz jar at run time (without its DROP statements and its COMMIT). Kept, under the class
 * name Flyway recorded, to build databases the old code migrated, and to check the checked-in file against the jar.
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
        return split(script).stream().filter(sql -> {
            String upper = sql.toUpperCase(java.util.Locale.ROOT);
            return !upper.startsWith("DROP ") && !upper.equals("COMMIT");
        }).toList();
    }

    /** An SQL script's statements, comment lines dropped. */
    static List<String> split(String script) {
        StringBuilder text = new StringBuilder();
        script.lines().filter(line -> !line.trim().startsWith("--")).forEach(line -> text.append(line).append('\n'));
        List<String> statements = new ArrayList<>();
        for (String part : text.toString().split(";")) {
            if (!part.isBlank()) {
                statements.add(part.trim());
            }
        }
        return statements;
    }
}
