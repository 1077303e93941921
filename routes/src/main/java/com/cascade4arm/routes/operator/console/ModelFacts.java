package com.cascade4arm.routes.operator.console;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.Locale;

/**
 * What one model server says about the model it serves — read from its llama-server API ({@code GET /props},
 * {@code GET /v1/models}), never from configuration: the engine build, the model file, the weights' quantization
 * (llama.cpp's file-type name, e.g. Q4_0, "all F32"), the parameter count, the context a request may use (tokens per
 * slot) and the slots. Null fields were not reported; {@code error} says why nothing could be read.
 */
public record ModelFacts(String name, String engine, String model, String quantization, Long parameters,
                         Integer contextTokens, Integer slots, String error) {

    /** A server that could not be read. */
    static ModelFacts unreadable(String name, String error) {
        return new ModelFacts(name, null, null, null, null, null, null, error);
    }

    /**
     * Parses llama-server's answers (either may be null when its request failed): {@code model_ftype},
     * {@code build_info}, {@code model_path}, {@code total_slots}, {@code default_generation_settings.n_ctx} from
     * /props; {@code data[0].meta.n_params}, {@code .ftype}, {@code .n_ctx} and the id from /v1/models.
     */
    static ModelFacts parse(String name, JsonNode props, JsonNode models) {
        JsonNode meta = models == null ? null : models.path("data").path(0).path("meta");
        String quantization = firstText(props, "model_ftype", meta, "ftype");
        String path = firstText(props, "model_path", models == null ? null : models.path("data").path(0), "id");
        Long parameters = meta != null && meta.path("n_params").canConvertToLong() && meta.path("n_params").isNumber()
                ? meta.get("n_params").asLong() : null;
        Integer context = props != null && props.path("default_generation_settings").path("n_ctx").isInt()
                ? Integer.valueOf(props.path("default_generation_settings").get("n_ctx").asInt())
                : meta != null && meta.path("n_ctx").isInt() ? Integer.valueOf(meta.get("n_ctx").asInt()) : null;
        Integer slots = props != null && props.path("total_slots").isInt() ? props.get("total_slots").asInt() : null;
        String engine = props == null ? null : engine(text(props, "build_info"));
        return new ModelFacts(name, engine, fileName(path), quantization, parameters, context, slots, null);
    }

    /** "demo-0.5b-gen3 · Q4_0 · 23.8M parameters · 2,048-token context" from what was reported. */
    public String summary() {
        if (error != null) {
            return "not readable (" + error + ")";
        }
        StringBuilder text = new StringBuilder(model == null ? "unknown model" : model);
        if (quantization != null) {
            text.append(" · ").append(quantization);
        }
        if (parameters != null) {
            text.append(" · ").append(parameterCount(parameters)).append(" parameters");
        }
        if (contextTokens != null) {
            text.append(" · ").append(String.format(Locale.ROOT, "%,d", contextTokens)).append("-token context");
        }
        return text.toString();
    }

    /** 23790336 → "23.8M", 1543714304 → "1.54B". */
    static String parameterCount(long parameters) {
        if (parameters >= 1_000_000_000L) {
            return String.format(Locale.ROOT, "%.3gB", parameters / 1e9);
        }
        if (parameters >= 1_000_000L) {
            return String.format(Locale.ROOT, "%.3gM", parameters / 1e6);
        }
        return String.format(Locale.ROOT, "%,d", parameters);
    }

    /** llama-server reports its build as "b10587-3f545becc"; other engines describe themselves. */
    static String engine(String buildInfo) {
        if (buildInfo == null) {
            return null;
        }
        return buildInfo.matches("b\\d+(-.*)?") ? "llama-server " + buildInfo : buildInfo;
    }

    private static String fileName(String path) {
        if (path == null) {
            return null;
        }
        String name = path.substring(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
        return name.toLowerCase(Locale.ROOT).endsWith(".gguf") ? name.substring(0, name.length() - ".gguf".length()) : name;
    }

    private static String firstText(JsonNode first, String firstField, JsonNode second, String secondField) {
        String value = first == null ? null : text(first, firstField);
        return value != null ? value : second == null ? null : text(second, secondField);
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value == null || value.isNull() || value.asText().isBlank() ? null : value.asText();
    }
}
