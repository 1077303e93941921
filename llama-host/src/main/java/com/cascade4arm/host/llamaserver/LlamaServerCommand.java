package com.cascade4arm.host.llamaserver;

import com.cascade4arm.host.HostConfig;

import java.util.ArrayList;
import java.util.List;

/**
 * The llama-server command line for a host configuration: the same model, draft settings, context, slots and threads
 * as the in-process engine would use, bound to loopback on a port of our choosing, with {@code --metrics} on and a
 * private API key so that only our front can use it.
 */
final class LlamaServerCommand {

    /** Loopback only: clients reach the server through our front. */
    static final String CHILD_HOST = "127.0.0.1";

    private LlamaServerCommand() {
    }

    static List<String> build(HostConfig config, LlamaServerBinary binary, int port, String childKey) {
        List<String> args = new ArrayList<>(List.of(binary.path().toString(),
                "-m", config.model().toString(),
                "--alias", config.alias(),
                "--host", CHILD_HOST,
                "--port", String.valueOf(port),
                "-c", String.valueOf(config.concurrentGenerations() == 1 ? config.slotContextTokens() : config.ctxSize()),
                "-np", String.valueOf(config.concurrentGenerations()),
                "-t", String.valueOf(config.threads()),
                "--metrics",
                "--api-key", childKey));
        if (config.draftModel() != null) {
            args.addAll(binary.flags().draftArguments(config.draftModel().toString(), config.draftMax(),
                    config.draftMin(), config.draftPMin()));
        }
        return args;
    }

    /** The command line for the log: the API key replaced by ***. */
    static String printable(List<String> command) {
        List<String> shown = new ArrayList<>(command);
        int key = shown.indexOf("--api-key");
        if (key >= 0 && key + 1 < shown.size()) {
            shown.set(key + 1, "***");
        }
        return String.join(" ", shown);
    }
}
