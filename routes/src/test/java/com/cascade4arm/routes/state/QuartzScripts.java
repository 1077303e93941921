package com.cascade4arm.routes.state;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The Quartz tables' statements: the checked-in V3__quartz_tables.sql, and the Quartz jar's PostgreSQL script. */
final class QuartzScripts {
    static final String JAR_SCRIPT = "org/quartz/impl/jdbcjobstore/tables_postgres.sql";
    static final String CHECKED_IN = "db/cascade/V3__quartz_tables.sql";

    private QuartzScripts() {
    }

    /** The statements of the checked-in V3, comments dropped (what Flyway runs). */
    static List<String> checkedIn() throws IOException {
        return split(read(CHECKED_IN));
    }

    /** The jar script's CREATE statements, comments dropped (without its DROP statements and its COMMIT). */
    static List<String> ofTheJar() throws IOException {
        return split(read(JAR_SCRIPT)).stream().filter(sql -> {
            String upper = sql.toUpperCase(Locale.ROOT);
            return !upper.startsWith("DROP ") && !upper.equals("COMMIT");
        }).toList();
    }

    private static String read(String resource) throws IOException {
        try (InputStream in = QuartzScripts.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IOException(resource + " is not on the class path");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** An SQL script's statements, comment lines dropped. */
    private static List<String> split(String script) {
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
