package com.cascade4arm.routes.state;

import com.cascade4arm.routes.config.TestConfig;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class StoreConfigTest {

    private static StoreConfig read(Map<String, String> values) {
        return TestConfig.of(values).store();
    }

    @Test
    void defaultsToLocalFilesWithoutADatabase() {
        StoreConfig settings = read(Map.of());
        assertThat(settings.storeKind()).isEqualTo(StoreConfig.Kind.FILES);
        assertThat(settings.shared()).isFalse();
        assertThat(settings.reconcileMs()).isEqualTo(30_000);
    }

    @Test
    void readsAPostgresStoreWithItsCredentialsAndReplicaName() {
        StoreConfig settings = read(Map.of("cascade.store", "Postgres", "cascade.store.jdbc-url", "jdbc:postgresql://db/cascade",
                "cascade.store.user", "cascade", "cascade.store.password", "secret", "cascade.store.replica-name", "r2",
                "cascade.store.pool-size", "3"));
        assertThat(settings.shared()).isTrue();
        assertThat(settings.user()).contains("cascade");
        assertThat(settings.replica()).isEqualTo("r2");
        assertThat(settings.poolSize()).isEqualTo(3);
    }

    @Test
    void refusesAnUnknownStoreNamingTheValue() {
        assertThatThrownBy(() -> read(Map.of("cascade.store", "mysql")))
                .hasMessage("cascade.store must be files or postgres, but was mysql");
    }

    @Test
    void refusesPostgresWithoutAPostgresJdbcUrl() {
        assertThatThrownBy(() -> read(Map.of("cascade.store", "postgres")))
                .hasMessageContaining("cascade.store.jdbc-url must be a jdbc:postgresql: URL").hasMessageEndingWith("but was empty");
        assertThatThrownBy(() -> read(Map.of("cascade.store", "postgres", "cascade.store.jdbc-url", "jdbc:mysql://db/x")))
                .hasMessageEndingWith("but was jdbc:mysql://db/x");
    }

    @Test
    void refusesNonPositiveTimesNamingKeyAndValue() {
        assertThatThrownBy(() -> read(Map.of("cascade.store.retry-ms", "0")))
                .hasMessage("cascade.store.retry-ms must be at least 1, but was 0");
        assertThatThrownBy(() -> read(Map.of("cascade.store.reconcile-ms", "soon")))
                .hasMessage("cascade.store.reconcile-ms must be an integer, but was soon");
    }

    @Test
    void quartzMigrationCreatesTheJobStoreTablesWithoutDroppingAnything() throws Exception {
        var statements = QuartzScripts.checkedIn();
        assertThat(statements).anyMatch(s -> s.startsWith("CREATE TABLE QRTZ_LOCKS"))
                .anyMatch(s -> s.startsWith("CREATE TABLE QRTZ_FIRED_TRIGGERS"))
                .noneMatch(s -> s.toUpperCase().startsWith("DROP") || s.equalsIgnoreCase("COMMIT"));
    }

    @Test
    void quartzMigrationHoldsTheStatementsOfTheQuartzJarsScript() throws Exception {
        assertThat(QuartzScripts.checkedIn())
                .as("V3__quartz_tables.sql against the Quartz on the class path (a Quartz upgrade that changes them "
                        + "needs a V4)")
                .containsExactlyElementsOf(QuartzScripts.ofTheJar());
    }
}
