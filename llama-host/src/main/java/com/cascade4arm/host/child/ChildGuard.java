package com.cascade4arm.host.child;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Wraps a command in a small POSIX shell watchdog so that the child never outlives our JVM, even when the JVM is
 * killed with SIGKILL (no shutdown hook runs then). The JVM holds the write end of the watchdog's stdin; the kernel
 * closes it whenever the JVM dies, the watchdog's {@code read} returns, and it sends the child SIGTERM. The watchdog
 * exits with the child's exit status (128+N when signal N ended it), so the supervisor sees why the child stopped.
 * Closing stdin is also the clean way to stop the child.
 */
public final class ChildGuard {

    static final String SHELL = "/bin/sh";
    /** $0 of the watchdog shell, visible in ps. */
    static final String NAME = "cascade-child-guard";

    // fd 3 keeps the JVM's pipe for the watcher; the child gets /dev/null as stdin and no fd 3. A trapped TERM/INT
    // (our destroy()) is passed on to the child, and the loop keeps waiting until the child is really gone.
    static final String SCRIPT = String.join("\n",
            "exec 3<&0 0</dev/null",
            "\"$@\" 3<&- &",
            "child=$!",
            "{ read -r _ <&3; kill -TERM \"$child\" 2>/dev/null; } &",
            "watcher=$!",
            "exec 3<&-",
            "trap 'kill -TERM \"$child\" 2>/dev/null' TERM INT HUP",
            "while :; do",
            "  wait \"$child\"; status=$?",
            "  kill -0 \"$child\" 2>/dev/null || break",
            "done",
            "kill \"$watcher\" 2>/dev/null",
            "exit \"$status\"");

    private ChildGuard() {
    }

    /** True where a child can be supervised: a POSIX shell runs the watchdog that never leaves it orphaned. */
    public static boolean supervisable() {
        return !System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("windows")
                && Files.isExecutable(Path.of(SHELL));
    }

    /** The command line that runs {@code command} under the watchdog (public: benchmarks start plain servers too). */
    public static List<String> wrap(List<String> command) {
        List<String> wrapped = new ArrayList<>(List.of(SHELL, "-c", SCRIPT, NAME));
        wrapped.addAll(command);
        return wrapped;
    }
}
