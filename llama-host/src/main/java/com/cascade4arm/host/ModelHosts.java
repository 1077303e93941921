package com.cascade4arm.host;

import com.cascade4arm.host.child.ChildGuard;
import com.cascade4arm.host.child.HostProcessCommand;
import com.cascade4arm.host.child.SupervisedChildHost;
import com.cascade4arm.host.llamaserver.LlamaServerBinary;
import com.cascade4arm.host.llamaserver.LlamaServerCommand;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.file.Path;
import java.util.Optional;

/**
 * Starts a host on the engine its configuration asks for: in-process llama.cpp ({@link LlamaHost}) or a supervised
 * real llama-server ({@link SupervisedChildHost}); {@link Engine#AUTO} takes llama-server where one is installed,
 * because it is the faster engine (llama-host/README.md, "Engines"). A host that shares its caller's JVM with other
 * models can run its in-process engine in a supervised JVM of its own instead ({@link HostProcessCommand}).
 */
public final class ModelHosts {

    private static final Logger LOG = LoggerFactory.getLogger(ModelHosts.class);

    private ModelHosts() {
    }

    /** The engine chosen for a configuration, with the binary for llama-server and the reason, for the log. */
    public record EngineChoice(Engine engine, LlamaServerBinary binary, String reason) {
    }

    /** Starts listening at once; the model loads in the background ({@code /health} answers 503 meanwhile). */
    public static ModelEndpointServer start(HostConfig config) {
        return start(config, false);
    }

    /**
     * Like {@link #start(HostConfig)}; with {@code ownProcess} the in-process engine runs in a supervised JVM of its
     * own (where the OS can supervise one), so that models of several hosts never share a process.
     */
    public static ModelEndpointServer start(HostConfig config, boolean ownProcess) {
        EngineChoice choice = choose(config, System.getenv("PATH"));
        boolean inProcess = choice.engine() == Engine.JNI;
        boolean separate = inProcess && ownProcess && ChildGuard.supervisable();
        LOG.info("model '{}': engine {} ({}){}", config.alias(), choice.engine().label(), choice.reason(),
                separate ? ", in a process of its own"
                        : inProcess && ownProcess ? ", in this JVM (no /bin/sh to supervise a process)" : "");
        if (choice.engine() == Engine.LLAMA_SERVER) {
            return SupervisedChildHost.start(config, new LlamaServerCommand(config, choice.binary()));
        }
        return separate ? SupervisedChildHost.start(config, HostProcessCommand.of(config)) : LlamaHost.start(config);
    }

    /**
     * Resolves {@link Engine#AUTO}: the configured llama-server, else one on {@code pathVariable}, else JNI.
     * {@link Engine#LLAMA_SERVER} without any binary, or a configured binary that is not one, is an error.
     */
    public static EngineChoice choose(HostConfig config, String pathVariable) {
        if (config.engine() == Engine.JNI) {
            return new EngineChoice(Engine.JNI, null, "asked for");
        }
        boolean required = config.engine() == Engine.LLAMA_SERVER;
        if (!LlamaServerBinary.supervisable()) {
            if (required) {
                throw new IllegalArgumentException("engine llama-server needs a POSIX system with /bin/sh");
            }
            return new EngineChoice(Engine.JNI, null, "llama-server cannot be supervised on this OS");
        }
        Optional<Path> binary = config.llamaServer() != null ? Optional.of(config.llamaServer())
                : LlamaServerBinary.onPath(pathVariable);
        if (binary.isEmpty()) {
            if (required) {
                throw new IllegalArgumentException("engine llama-server: no " + LlamaServerBinary.EXECUTABLE
                        + " on the PATH; give its location (--llama-server PATH)");
            }
            return new EngineChoice(Engine.JNI, null, "no " + LlamaServerBinary.EXECUTABLE + " on the PATH");
        }
        LlamaServerBinary probed = LlamaServerBinary.probe(binary.get());
        if (config.draftModel() != null && !probed.flags().supportsDraft()) {
            if (required || config.llamaServer() != null) {
                throw new IllegalArgumentException(probed.path() + " has no speculative decoding flags");
            }
            return new EngineChoice(Engine.JNI, null, probed.path() + " cannot run a draft model");
        }
        return new EngineChoice(Engine.LLAMA_SERVER, probed, (required ? "asked for, " : "found ") + probed.path());
    }
}
