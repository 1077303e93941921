package com.cascade4arm.baseline;

import com.cascade4arm.host.HostArguments;
import com.cascade4arm.host.HostConfig;
import com.cascade4arm.host.StandaloneRunner;

import java.net.URI;

/**
 * {@code java -jar baseline-host.jar --model X.gguf [...]} serves the baseline in-process (parallel 1, no draft);
 * {@code --proxy URL} instead forwards to an existing baseline server ({@code --api-key} is then sent upstream).
 */
public final class BaselineHostMain {

    private BaselineHostMain() {
    }

    public static void main(String[] args) {
        com.cascade4arm.host.StandaloneLogging.configure();
        StandaloneRunner.run("baseline-host", () -> {
            HostArguments arguments = HostArguments.parse(args);
            arguments.rejectFlags("the baseline runs without a draft model", "--model-draft", "--draft-max",
                    "--draft-min", "--draft-p-min");
            if (arguments.has("--proxy")) {
                arguments.rejectFlags("--proxy forwards to an existing server", "--model", "--demo", "--ctx-size",
                        "--threads", "--parallel", "--alias", "--max-body-bytes", "--engine", "--llama-server", "--cpus");
                return BaselineHost.startProxy(URI.create(arguments.value("--proxy")), arguments.value("--api-key"),
                        arguments.has("--host") ? arguments.value("--host") : HostConfig.DEFAULT_HOST,
                        arguments.has("--port") ? Integer.parseInt(arguments.value("--port"))
                                : HostArguments.DEFAULT_STANDALONE_PORT);
            }
            arguments.rejectFlags("the baseline serves one request at a time", "--parallel");
            return BaselineHost.startLocal(arguments.toConfig());
        });
    }
}
