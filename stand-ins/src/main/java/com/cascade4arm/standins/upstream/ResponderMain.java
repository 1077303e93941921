package com.cascade4arm.standins.upstream;

import java.net.InetSocketAddress;
import java.util.concurrent.CountDownLatch;

/** Command line of {@link InstantResponder}: parses the options, serves until the process is stopped. */
final class ResponderMain {

    private ResponderMain() {
    }

    static void run(String[] args) throws InterruptedException {
        int port = InstantResponder.DEFAULT_PORT;
        String host = "127.0.0.1";
        int threads = InstantResponder.DEFAULT_THREADS;
        ResponderBehaviour behaviour = ResponderBehaviour.INSTANT;
        try {
            for (int i = 0; i < args.length; i++) {
                String arg = args[i];
                switch (arg) {
                    case "--host" -> host = args[++i];
                    case "--threads" -> threads = Integer.parseInt(args[++i]);
                    case "--first-byte-delay-ms" -> behaviour = behaviour.withFirstByteDelayMs(Long.parseLong(args[++i]));
                    case "--content-delay-ms" -> behaviour = behaviour.withContentDelayMs(Long.parseLong(args[++i]));
                    case "--chunk-delay-ms" -> behaviour = behaviour.withChunkDelayMs(Long.parseLong(args[++i]));
                    case "--status" -> behaviour = behaviour.withStatus(Integer.parseInt(args[++i]));
                    case "-h", "--help" -> {
                        usage();
                        return;
                    }
                    default -> port = Integer.parseInt(arg);
                }
            }
        } catch (RuntimeException e) {
            System.err.println("invalid arguments: " + e.getMessage());
            usage();
            System.exit(2);
        }
        InstantResponder responder = InstantResponder.start(new InetSocketAddress(host, port), behaviour, threads);
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            responder.close();
            stopped.countDown();
        }));
        System.out.println("instant responder listening on " + responder.baseUrl());
        stopped.await();
    }

    private static void usage() {
        System.err.println("usage: InstantResponder [port] [--host H] [--threads N] [--first-byte-delay-ms N]"
                + " [--content-delay-ms N] [--chunk-delay-ms N] [--status N]");
    }
}
