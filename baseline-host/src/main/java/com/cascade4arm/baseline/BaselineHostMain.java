package com.cascade4arm.baseline;

import com.cascade4arm.host.HostArguments;
import com.cascade4arm.host.ModelEndpointServer;
import com.cascade4arm.host.StandaloneLogging;
import com.cascade4arm.host.StandaloneRunner;

import java.net.URI;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@code java -jar baseline-host.jar --model X.gguf [...]} serves the baseline in-process (parallel 1, no draft);
 * {@code --proxy URL} instead forwards to an existing baseline server ({@code --api-key} is then sent upstream).
 */
@Command(name = "baseline-host", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Serves the baseline (one request at a time, no draft) or proxies to an existing baseline server.")
public final class BaselineHostMain implements Callable<Integer> {

    @Mixin
    private HostArguments arguments;

    public static void main(String[] args) {
        StandaloneLogging.configure();
        HostArguments.execute(new BaselineHostMain(), args);
    }

    /** Returns once the baseline is ready; it keeps serving on its own threads. */
    @Override
    public Integer call() {
        StandaloneRunner.run("baseline-host", this::start);
        return 0;
    }

    private ModelEndpointServer start() {
        arguments.rejectFlags("the baseline runs without a draft model", "--model-draft", "--draft-max",
                "--draft-min", "--draft-p-min");
        if (arguments.proxy() != null) {
            arguments.rejectFlags("--proxy forwards to an existing server", "--model", "--demo", "--ctx-size",
                    "--threads", "--parallel", "--alias", "--max-body-bytes", "--engine", "--llama-server", "--cpus");
            return BaselineHost.startProxy(URI.create(arguments.proxy()), arguments.apiKey(), arguments.host(),
                    arguments.port());
        }
        arguments.rejectFlags("the baseline serves one request at a time", "--parallel");
        return BaselineHost.startLocal(arguments.toConfig());
    }
}
