package com.cascade4arm.host.child;

import java.util.ArrayList;
import java.util.List;

/**
 * What a supervised host runs as its child process: a real llama-server, or our own host in a JVM of its own. The
 * child listens on a loopback port we choose and accepts only the private key our front sends.
 */
public interface ChildCommand {

    /** Loopback only: clients reach the child through our front. */
    String CHILD_HOST = "127.0.0.1";

    /** What the child is, for the log and error messages ("llama-server", "llama-host process"). */
    String kind();

    /** The command line; its first element is the executable (used to find the process under the watchdog). */
    List<String> build(int port, String childKey);

    /** Deletes what the command made for its children; called once, after the supervisor stopped the last one. */
    default void release() {
    }

    /** The command line for the log: the private key replaced by ***. */
    static String printable(List<String> command) {
        List<String> shown = new ArrayList<>(command);
        int key = shown.indexOf("--api-key");
        if (key >= 0 && key + 1 < shown.size()) {
            shown.set(key + 1, "***");
        }
        return String.join(" ", shown);
    }
}
