package com.cascade4arm.host;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@code java -jar llama-host.jar --model X.gguf [...]}: one llama-server compatible endpoint as a process, on the
 * engine {@code --engine} picks (by default a llama-server on the PATH, else in-process llama.cpp).
 */
@Command(name = "llama-host", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Serves one GGUF model over the llama-server HTTP API until SIGINT/SIGTERM.")
public final class LlamaHostMain implements Callable<Integer> {

    @Mixin
    private HostArguments arguments;

    public static void main(String[] args) {
        StandaloneLogging.configure();
        HostArguments.execute(new LlamaHostMain(), args);
    }

    /** Returns once the host is ready; it keeps serving on its own threads. */
    @Override
    public Integer call() {
        StandaloneRunner.run("llama-host", () -> {
            arguments.rejectFlags("llama-host serves a model itself; use baseline-host for proxying", "--proxy");
            return ModelHosts.start(arguments.toConfig());
        });
        return 0;
    }
}
