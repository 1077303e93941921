package com.cascade4arm.app.hardening;

import com.cascade4arm.rules.engine.BundledRules;
import com.cascade4arm.rules.store.NewVersion;
import com.cascade4arm.rules.store.RuleStore;
import com.cascade4arm.rules.store.RuleVersion;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Child-JVM main for the durability test: activates rulebook contents A and B in turn, as fast as the store allows,
 * printing each acknowledged activation — until it is killed. {@code RuleActivationLoop <store dir>}
 */
public final class RuleActivationLoop {
    static final String MARKER_FILE = "zz-durability-marker.drl";

    private RuleActivationLoop() {
    }

    /** Content A or B: the bundled rules plus a marker file naming the variant (the store stores files, it does not compile). */
    static Map<String, String> content(String variant) {
        Map<String, String> files = new LinkedHashMap<>(BundledRules.load());
        files.put(MARKER_FILE, "// durability variant " + variant + "\n" + "// padding ".repeat(2_000) + "\n");
        return files;
    }

    public static void main(String[] args) {
        RuleStore store = RuleStore.open(Path.of(args[0]), BundledRules.load());
        Map<String, String> a = content("A");
        Map<String, String> b = content("B");
        while (true) {
            long next = store.active().version() + 1;
            RuleVersion committed = store.commit(new NewVersion(next % 2 == 0 ? a : b, "durability-loop", "activation " + next, null),
                    null, version -> { });
            System.out.println("activated " + committed.version());
            System.out.flush();
        }
    }
}
