package com.cascade4arm.routes.operator.rulesadmin;

import com.cascade4arm.openai.ChatMessage;
import com.cascade4arm.routes.serving.routing.RulebookRoutingService;
import com.cascade4arm.rules.engine.BundledRules;
import com.cascade4arm.rules.store.NewVersion;
import com.cascade4arm.rules.store.RuleStore;
import com.cascade4arm.rules.store.RuleVersion;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static com.cascade4arm.routes.operator.rulesadmin.RulesFixtures.ALL_LARGE;
import static com.cascade4arm.routes.operator.rulesadmin.RulesFixtures.HEADER;
import static org.assertj.core.api.Assertions.assertThat;

/** Starting from the store: the active version serves; a stored version that fails the rule check never runs. */
class RulebookStartupTest {
    private static final String PWNED = "cascade.startup.pwned";

    @TempDir
    Path dir;

    @AfterEach
    void clear() {
        System.clearProperty(PWNED);
    }

    @Test
    void startsFromTheStoresActiveVersion() {
        RuleStore store = RuleStore.open(dir, BundledRules.load());
        RuleVersion edited = store.commit(new NewVersion(ALL_LARGE, "tester", "all large", null), 1L, v -> { });

        RulebookRoutingService routing = RulebookStartup.start(RuleStore.open(dir, BundledRules.load()));

        assertThat(routing.active().version()).isEqualTo(edited.version());
        assertThat(routing.active().rulebook().ruleNames()).containsExactly(RulesFixtures.ALL_LARGE_RULE);
    }

    @Test
    void writesTheBundledRulesAsVersionOneOnAFreshDirectory() {
        RulebookRoutingService routing = RulebookStartup.start(RuleStore.open(dir.resolve("fresh"), BundledRules.load()));

        assertThat(routing.active().version()).isEqualTo(1);
        assertThat(routing.active().rulebook().files()).isEqualTo(new java.util.TreeMap<>(BundledRules.load()));
    }

    /** A file edited on disk (the store does not judge content) is vetted like any candidate, before it can run. */
    @Test
    void restoresTheNewestVersionThatPassesWhenTheActiveOneFailsTheCheck() {
        RuleStore store = RuleStore.open(dir, BundledRules.load());
        RuleVersion good = store.commit(new NewVersion(ALL_LARGE, "tester", "all large", null), 1L, v -> { });
        Map<String, String> tampered = Map.of("tampered.drl", HEADER + """
                rule "tampered: sets a property"
                when
                    $d : Decision()
                then
                    System.setProperty("%s", "1");
                end
                """.formatted(PWNED));
        RuleVersion bad = store.commit(new NewVersion(tampered, "intruder", "edited on disk", null), null, v -> { });

        RulebookRoutingService routing = RulebookStartup.start(RuleStore.open(dir, BundledRules.load()));

        RuleVersion restored = store.active();
        assertThat(restored.version()).isEqualTo(bad.version() + 1);
        assertThat(restored.restoredFrom()).isEqualTo(good.version());
        assertThat(restored.comment()).contains("version " + bad.version() + " failed the rule check", "System.setProperty");
        assertThat(routing.active().version()).isEqualTo(restored.version());
        routing.decide(List.of(new ChatMessage("user", "hi")), null, null);
        assertThat(System.getProperty(PWNED)).as("the tampered rules never ran").isNull();
    }
}
