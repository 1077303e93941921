package com.cascade4arm.host;

import com.cascade4arm.demomodels.DemoModel;
import com.cascade4arm.host.llamaserver.LlamaServerBinary;
import com.cascade4arm.host.testing.DemoModelFiles;
import com.cascade4arm.host.testing.HostClient;
import com.cascade4arm.testing.llamaserver.LlamaServer;
import io.vertx.core.json.JsonArray;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The production recipe in this module's README, run as written against a real llama-server (models, address and
 * threads swapped for the demo ones): the drafted command of the binary's flag generation really turns speculative
 * decoding on, and the other generation's command is refused by it.
 */
class LlamaServerRecipeIT {

    private static final String RECIPE_MARKER = "**Or run llama-server itself**";

    @Test
    void documentedCommandLinesRunWithSpeculativeDecoding() throws Exception {
        Path binary = LlamaServer.binaryOrSkip();
        List<String> commands = documentedCommands();
        assertThat(commands).as("small, large (current flags), large (older flags)").hasSize(3);
        boolean current = LlamaServerBinary.probe(binary).flags().specType();
        String matching = current ? commands.get(1) : commands.get(2);
        String other = current ? commands.get(2) : commands.get(1);

        try (Running small = runUntilHealthy(binary, commands.get(0));
             Running large = runUntilHealthy(binary, matching)) {
            assertThat(small.slots()).containsOnly(false);
            assertThat(large.slots()).as("\"speculative\" of every slot").containsOnly(true);
        }
        Process refused = start(binary, other, freePort());
        assertThat(refused.waitFor(30, TimeUnit.SECONDS)).as("the other generation's flags are refused").isTrue();
        assertThat(refused.exitValue()).isNotZero();
    }

    /** The bash commands of the recipe, continuation lines joined, comments dropped. */
    static List<String> documentedCommands() throws IOException {
        String readme = Files.readString(Path.of("README.md"));
        int block = readme.indexOf("```bash", readme.indexOf(RECIPE_MARKER));
        String code = readme.substring(block + "```bash".length(), readme.indexOf("```", block + 3));
        List<String> commands = new ArrayList<>();
        for (String command : code.replace("\\\n", " ").split("\n")) {
            if (!command.isBlank() && !command.trim().startsWith("#")) {
                commands.add(command.trim().replaceAll("\\s+", " "));
            }
        }
        return commands;
    }

    /** A llama-server started from a documented command line; closing it ends the process. */
    record Running(Process process, URI base) implements AutoCloseable {

        /** The {@code speculative} flag of each slot in {@code /slots}. */
        List<Boolean> slots() {
            JsonArray slots = new JsonArray(new HostClient(base, null).get("/slots").body());
            List<Boolean> speculative = new ArrayList<>();
            for (int i = 0; i < slots.size(); i++) {
                speculative.add(slots.getJsonObject(i).getBoolean("speculative"));
            }
            return speculative;
        }

        @Override
        public void close() {
            process.destroyForcibly();
        }
    }

    private static Running runUntilHealthy(Path binary, String command) throws IOException {
        int port = freePort();
        Running server = new Running(start(binary, command, port), URI.create("http://127.0.0.1:" + port));
        HostClient client = new HostClient(server.base(), null);
        try {
            await().atMost(Duration.ofSeconds(60)).until(() -> {
                if (!server.process().isAlive()) {
                    throw new AssertionError(command + " exited with " + server.process().exitValue());
                }
                return healthy(client);
            });
            return server;
        } catch (RuntimeException | Error e) {
            server.close();
            throw e;
        }
    }

    private static Process start(Path binary, String command, int port) throws IOException {
        String local = command
                .replace("qwen2.5-0.5b-instruct-q4_k_m.gguf", DemoModelFiles.path(DemoModel.SMALL).toString())
                .replace("qwen2.5-1.5b-instruct-q4_k_m.gguf", DemoModelFiles.path(DemoModel.LARGE).toString())
                .replace("--host 0.0.0.0", "--host 127.0.0.1")
                .replaceAll("--port \\d+", "--port " + port)
                .replaceAll("-t \\d+", "-t 1");
        List<String> args = new ArrayList<>(List.of(local.split(" ")));
        assertThat(args.get(0)).isEqualTo("llama-server");
        args.set(0, binary.toString());
        return new ProcessBuilder(args).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    }

    private static boolean healthy(HostClient client) {
        try {
            return client.get("/health").statusCode() == 200;
        } catch (RuntimeException e) {
            return false;
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
