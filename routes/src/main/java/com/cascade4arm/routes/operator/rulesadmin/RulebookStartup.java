package com.cascade4arm.routes.operator.rulesadmin;

import com.cascade4arm.openai.LogText;
import com.cascade4arm.routes.serving.routing.RulebookRoutingService;
import com.cascade4arm.rules.RoutingRulebook;
import com.cascade4arm.rules.RulebookCompileException;
import com.cascade4arm.rules.engine.BundledRules;
import com.cascade4arm.rules.safety.SafeRulebooks;
import com.cascade4arm.rules.store.HistoryEntry;
import com.cascade4arm.rules.store.NewVersion;
import com.cascade4arm.rules.store.RuleVersion;
import com.cascade4arm.rules.store.RuleVersions;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Optional;

/**
 * The routing the gateway starts with: the store's active version, vetted and compiled. A stored version that no longer
 * passes (the checker got stricter, the file was edited by hand) must not keep the gateway from starting: the newest
 * version that does pass is restored as a new version (history stays append-only), else the bundled rules.
 */
public final class RulebookStartup {
    private static final Logger LOG = LoggerFactory.getLogger(RulebookStartup.class);
    static final String SYSTEM_AUTHOR = "cascade4arm";

    private RulebookStartup() {
    }

    public static RulebookRoutingService start(RuleVersions store) {
        RuleVersion active = store.active();
        try {
            RoutingRulebook rulebook = SafeRulebooks.compile(active.files());
            LOG.info("routing with rules version {} from {}", active.version(), store.location());
            return new RulebookRoutingService(rulebook, active.version());
        } catch (RulebookCompileException e) {
            LOG.error("rules version {} does not pass the rule check and is not used: {}", active.version(), e.getMessage());
            return restore(store, active, e);
        }
    }

    private static RulebookRoutingService restore(RuleVersions store, RuleVersion failed, RulebookCompileException why) {
        String reason = "version " + failed.version() + " failed the rule check at startup: "
                + why.problems().get(0).file() + ":" + why.problems().get(0).line() + " " + why.problems().get(0).message();
        for (HistoryEntry entry : store.history()) {
            if (entry.isDamaged() || entry.version() == failed.version()) {
                continue;
            }
            Optional<RoutingRulebook> rulebook = compiles(entry.content());
            if (rulebook.isPresent()) {
                return commit(store, failed, new NewVersion(entry.content().files(), SYSTEM_AUTHOR,
                        "restored version " + entry.version() + ": " + reason, entry.version()), rulebook.get());
            }
        }
        return commit(store, failed, new NewVersion(BundledRules.load(), SYSTEM_AUTHOR,
                "bundled default rulebook: " + reason + "; no stored version passes", null),
                SafeRulebooks.compile(BundledRules.load()));
    }

    private static RulebookRoutingService commit(RuleVersions store, RuleVersion failed, NewVersion restored,
                                                 RoutingRulebook rulebook) {
        RuleVersion version = store.commit(restored, failed.version(), v -> { });
        LOG.warn("rules version {} is active: {}", version.version(), LogText.safe(version.comment()));
        return new RulebookRoutingService(rulebook, version.version());
    }

    private static Optional<RoutingRulebook> compiles(RuleVersion version) {
        try {
            return Optional.of(SafeRulebooks.compile(version.files()));
        } catch (RulebookCompileException e) {
            return Optional.empty();
        }
    }
}
