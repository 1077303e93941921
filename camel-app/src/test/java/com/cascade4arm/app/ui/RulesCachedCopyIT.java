package com.cascade4arm.app.ui;

import com.cascade4arm.app.TestGateway;
import com.cascade4arm.testing.db.PostgresServer;
import com.cascade4arm.standins.upstream.InstantResponder;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.URI;
import java.util.HashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A replica whose shared database went away still shows its rules in real Chromium, from its cached copy, and says so;
 * once the database is back the warning is gone. A gateway of its own on a real PostgreSQL server (the shared test
 * gateway keeps local files), with instant upstreams.
 */
class RulesCachedCopyIT {
    private static final String CACHED_COPY = "Shown from this server's cached copy: ";

    @RegisterExtension
    static final BrowserExtension browser = new BrowserExtension();

    private static PostgresServer db;
    private static InstantResponder upstream;
    private static TestGateway gateway;

    @BeforeAll
    static void boot() {
        db = PostgresServer.start();
        upstream = InstantResponder.start(0);
        Map<String, String> properties = new HashMap<>(db.storeProperties("ui-replica"));
        properties.put("cascade.small.urls", upstream.baseUrl());
        properties.put("cascade.large.urls", upstream.baseUrl());
        gateway = TestGateway.boot(properties, false);
    }

    @AfterAll
    static void stop() {
        if (gateway != null) {
            gateway.close();
        }
        if (upstream != null) {
            upstream.close();
        }
        if (db != null) {
            db.close();
        }
    }

    @Test
    void theRulesTabSaysItShowsTheCachedCopyWhileTheDatabaseIsDown() {
        RulesPage rules = openRules();
        String version = rules.awaitLoaded();
        assertThat(rules.message()).as("read live: no warning").doesNotContain(CACHED_COPY);

        db.stop();
        try {
            ConsolePage.awaitLong("the cached copy shown with its warning").until(() -> {
                RulesPage reloaded = openRules();
                reloaded.awaitLoaded();
                return reloaded.message().startsWith(CACHED_COPY);
            });
            assertThat(rules.message()).contains("unreachable");
            assertThat(browser.session().byTestId("rules-message").getAttribute("data-tone")).isEqualTo("warn");
            assertThat(rules.awaitLoaded()).as("the same version, from the copy").isEqualTo(version);
            assertThat(rules.editorText()).as("the active files in the editor").contains("rule ");
        } finally {
            db.startAgain();
        }

        ConsolePage.awaitLong("read live again").until(() -> {
            RulesPage reloaded = openRules();
            reloaded.awaitLoaded();
            return !reloaded.message().startsWith(CACHED_COPY);
        });
    }

    /** The console of this test's gateway, at the Rules tab, loaded afresh. */
    private RulesPage openRules() {
        new ConsolePage(browser).openAt(URI.create(gateway.baseUrl() + "/#rules"));
        return new RulesPage(browser.session());
    }
}
