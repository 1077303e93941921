package com.cascade4arm.standins.upstream;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.net.InetSocketAddress;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;

/** Command line of {@link InstantResponder} (picocli fills the fields): serves until the process is stopped. */
@Command(name = "InstantResponder", sortOptions = false, mixinStandardHelpOptions = true,
        description = "The llama-server API answered at once (or with the delays and status asked for).")
final class ResponderMain implements Callable<Integer> {

    @Parameters(index = "0", arity = "0..1", paramLabel = "port", description = "port to listen on (default ${DEFAULT-VALUE})")
    int port = InstantResponder.DEFAULT_PORT;
    @Option(names = "--host", paramLabel = "H", description = "address to listen on (default ${DEFAULT-VALUE})")
    String host = "127.0.0.1";
    @Option(names = "--threads", paramLabel = "N", description = "server threads (default ${DEFAULT-VALUE})")
    int threads = InstantResponder.DEFAULT_THREADS;
    @Option(names = "--first-byte-delay-ms", paramLabel = "N", description = "wait before the response head")
    long firstByteDelayMs;
    @Option(names = "--content-delay-ms", paramLabel = "N", description = "wait before the first content chunk")
    long contentDelayMs;
    @Option(names = "--chunk-delay-ms", paramLabel = "N", description = "wait between chunks")
    long chunkDelayMs;
    @Option(names = "--status", paramLabel = "N", description = "HTTP status to answer with (default ${DEFAULT-VALUE})")
    int status = ResponderBehaviour.INSTANT.status();

    /** Serves until the process is stopped; exits with 2 after printing the usage on a bad argument. */
    static void run(String[] args) {
        int exit = new CommandLine(new ResponderMain()).execute(args);
        if (exit != 0) {
            System.exit(exit);
        }
    }

    @Override
    public Integer call() throws InterruptedException {
        InstantResponder responder = InstantResponder.start(new InetSocketAddress(host, port), behaviour(), threads);
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            responder.close();
            stopped.countDown();
        }));
        System.out.println("instant responder listening on " + responder.baseUrl());
        stopped.await();
        return 0;
    }

    /** {@link ResponderBehaviour#INSTANT} with the delays and status asked for. */
    ResponderBehaviour behaviour() {
        ResponderBehaviour instant = ResponderBehaviour.INSTANT;
        return new ResponderBehaviour(firstByteDelayMs, contentDelayMs, chunkDelayMs, status, instant.contentChunks(),
                instant.streamError(), instant.truncate(), instant.commentLines(), instant.router(),
                instant.errorMessage(), instant.draftCounts());
    }
}
