package com.cascade4arm.host.http;

import com.cascade4arm.host.HostConfig;
import com.cascade4arm.host.inference.SamplingDefaults;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * {@code GET /props} in llama-server's shape (build_info, model_path, model_ftype — the GGUF's quantization as
 * llama.cpp names it —, total_slots, default_generation_settings with the slot's n_ctx) plus the model files' sha256, so a benchmark can record exactly which engine and weights answered it. The digests are
 * computed once, in the background from the start (a 1 GB GGUF takes seconds), and a request waits only if it comes first.
 */
final class PropsHandler {

    /** Engine behind this host: llama.cpp through the de.kherud:llama JNI binding. */
    static final String BUILD_INFO = "llama.cpp via de.kherud:llama 4.2.0 (in-process JNI)";
    private static final int BUFFER_BYTES = 1 << 20;

    private final HostConfig config;
    private final Map<Path, String> digests = new ConcurrentHashMap<>();

    PropsHandler(HostConfig config) {
        this.config = config;
        // Hash the weights now, off the request path: a first /props under load must not wait seconds for it.
        Thread hashing = new Thread(this::warmDigests, "props-digests");
        hashing.setDaemon(true);
        hashing.start();
    }

    private void warmDigests() {
        try {
            sha256(config.model());
            if (config.draftModel() != null) {
                sha256(config.draftModel());
            }
        } catch (UncheckedIOException e) {
            // /props reports the same failure when asked
        }
    }

    void props(RoutingContext ctx) {
        ctx.vertx().executeBlocking(this::describe, false).onComplete(done -> {
            if (done.failed()) {
                ctx.fail(done.cause());
                return;
            }
            ctx.response().putHeader("Content-Type", "application/json; charset=utf-8").end(done.result().encode());
        });
    }

    private JsonObject describe() {
        JsonObject props = new JsonObject()
                .put("build_info", BUILD_INFO)
                .put("model_alias", config.alias())
                .put("model_path", config.model().getFileName().toString())
                .put("model_sha256", sha256(config.model()))
                .put("model_ftype", ModelFile.facts(config.model()).ftype())
                .put("total_slots", config.parallel())
                // Ours, not llama-server's: the binding aborts when asked for token probabilities (README).
                .put("capabilities", new JsonObject().put("logprobs", false).put("tools", false))
                .put("default_generation_settings", new JsonObject()
                        .put("n_ctx", config.slotContextTokens())
                        .put("temperature", SamplingDefaults.TEMPERATURE)
                        .put("top_p", SamplingDefaults.TOP_P));
        if (config.draftModel() != null) {
            props.put("draft_model_path", config.draftModel().getFileName().toString())
                    .put("draft_model_sha256", sha256(config.draftModel()));
        }
        return props;
    }

    private String sha256(Path file) {
        return digests.computeIfAbsent(file, PropsHandler::digest);
    }

    private static String digest(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            byte[] buffer = new byte[BUFFER_BYTES];
            for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                sha.update(buffer, 0, n);
            }
            return HexFormat.of().formatHex(sha.digest());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
