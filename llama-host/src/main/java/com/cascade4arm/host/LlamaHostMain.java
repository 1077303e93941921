package com.cascade4arm.host;

/**
 * {@code java -jar llama-host.jar --model X.gguf [...]}: one llama-server compatible endpoint as a process, on the
 * engine {@code --engine} picks (by default a llama-server on the PATH, else in-process llama.cpp).
 */
public final class LlamaHostMain {

    private LlamaHostMain() {
    }

    public static void main(String[] args) {
        com.cascade4arm.host.StandaloneLogging.configure();
        StandaloneRunner.run("llama-host", () -> {
            HostArguments arguments = HostArguments.parse(args);
            arguments.rejectFlags("llama-host serves a model itself; use baseline-host for proxying", "--proxy");
            return ModelHosts.start(arguments.toConfig());
        });
    }
}
