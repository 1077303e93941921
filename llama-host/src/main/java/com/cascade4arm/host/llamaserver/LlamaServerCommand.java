package com.cascade4arm.host.llamaserver;

import com.cascade4arm.host.HostConfig;
import com.cascade4arm.host.child.ChildCommand;

import java.util.ArrayList;
import java.util.List;

/**
 * The llama-server command line for a host configuration: the same model, draft settings, context, slots and threads
 * as the in-process engine would use, bound to loopback on a port of our choosing, with {@code --metrics} on and a
 * private API key so that only our front can use it.
 */
public record LlamaServerCommand(HostConfig config, LlamaServerBinary binary) implements ChildCommand {

    public LlamaServerCommand {
        if (config.draftModel() != null && !binary.flags().supportsDraft()) {
            throw new IllegalArgumentException(binary.path() + " cannot run a draft model: its --help lists neither "
                    + "--spec-draft-n-max nor --draft-max");
        }
    }

    @Override
    public String kind() {
        return "llama-server";
    }

    @Override
    public List<String> build(int port, String childKey) {
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
}
