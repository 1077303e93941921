package com.cascade4arm.routes.state;

import org.flywaydb.core.api.callback.Callback;
import org.flywaydb.core.api.callback.Context;
import org.flywaydb.core.api.callback.Event;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.zip.CRC32;

/**
 * Lets a database that ran schema version 3 as the Java migration {@code V3__QuartzTables} (before the Quartz tables
 * were the checked-in {@value #SCRIPT}) validate against the SQL file: Flyway would refuse to start on the recorded
 * type, description and checksum (JDBC, "QuartzTables", none). Before validation, that one record is rewritten to what
 * Flyway records for the file; the tables are the same (the file holds the statements the Java migration ran).
 */
final class LegacyQuartzMigration implements Callback {
    static final String SCRIPT = "V3__quartz_tables.sql";
    static final String DESCRIPTION = "quartz tables";
    /** What Flyway recorded as the script of the Java migration: its class name. */
    static final String JAVA_SCRIPT = "com.cascade4arm.routes.state.V3__QuartzTables";

    @Override
    public boolean supports(Event event, Context context) {
        return event == Event.BEFORE_VALIDATE;
    }

    @Override
    public boolean canHandleInTransaction(Event event, Context context) {
        return true;
    }

    @Override
    public void handle(Event event, Context context) {
        String table = context.getConfiguration().getTable();
        try {
            if (!exists(context, table)) {
                return; // a fresh database: nothing recorded yet
            }
            String sql = "UPDATE " + table + " SET type = 'SQL', script = ?, description = ?, checksum = ?"
                    + " WHERE version = '3' AND script = ?";
            try (PreparedStatement update = context.getConnection().prepareStatement(sql)) {
                update.setString(1, SCRIPT);
                update.setString(2, DESCRIPTION);
                update.setInt(3, checksum());
                update.setString(4, JAVA_SCRIPT);
                update.executeUpdate();
            }
        } catch (SQLException e) {
            throw new IllegalStateException("cannot update the record of schema version 3 in " + table, e);
        }
    }

    @Override
    public String getCallbackName() {
        return "legacy-quartz-migration";
    }

    private static boolean exists(Context context, String table) throws SQLException {
        try (PreparedStatement query = context.getConnection().prepareStatement("SELECT to_regclass(?) IS NOT NULL")) {
            query.setString(1, table);
            try (ResultSet result = query.executeQuery()) {
                return result.next() && result.getBoolean(1);
            }
        }
    }

    /** Flyway's checksum of an SQL migration: CRC32 over the UTF-8 bytes of each line, without line breaks or BOM. */
    static int checksum() {
        String resource = "db/cascade/" + SCRIPT;
        try (InputStream in = LegacyQuartzMigration.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException(resource + " is not on the class path");
            }
            BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            CRC32 crc = new CRC32();
            boolean first = true;
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                if (first && line.startsWith("\uFEFF")) {
                    line = line.substring(1);
                }
                first = false;
                crc.update(line.getBytes(StandardCharsets.UTF_8));
            }
            return (int) crc.getValue();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
