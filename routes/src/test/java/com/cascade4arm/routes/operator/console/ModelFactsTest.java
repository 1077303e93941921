package com.cascade4arm.routes.operator.console;

import com.cascade4arm.routes.serving.http.Json;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ModelFactsTest {

    /** What llama-server b10587 answered for demo-0.5b (-c 2048 -np 2), trimmed to the fields read. */
    private static final String LLAMA_SERVER_PROPS = """
            {"default_generation_settings":{"params":{"temperature":0.8},"n_ctx":1024},"total_slots":2,
             "model_alias":"/m/demo-0.5b-gen3.gguf","model_ftype":"Q4_0","model_path":"/m/demo-0.5b-gen3.gguf",
             "build_info":"b10587-3f545becc"}""";
    private static final String LLAMA_SERVER_MODELS = """
            {"object":"list","data":[{"id":"/m/demo-0.5b-gen3.gguf","object":"model","owned_by":"llamacpp",
             "meta":{"vocab_type":true,"n_vocab":2862,"n_ctx":1024,"n_ctx_train":8192,"n_embd":768,
                     "n_params":23790336,"size":16554912,"ftype":"Q4_0"}}]}""";

    @Test
    void readsQuantizationParametersContextAndEngineAsLlamaServerReportsThem() throws Exception {
        ModelFacts facts = ModelFacts.parse("small", json(LLAMA_SERVER_PROPS), json(LLAMA_SERVER_MODELS));

        assertThat(facts.quantization()).isEqualTo("Q4_0");
        assertThat(facts.parameters()).isEqualTo(23_790_336L);
        assertThat(facts.contextTokens()).as("a slot's context, from /props").isEqualTo(1024);
        assertThat(facts.slots()).isEqualTo(2);
        assertThat(facts.engine()).isEqualTo("llama-server b10587-3f545becc");
        assertThat(facts.model()).isEqualTo("demo-0.5b-gen3");
        assertThat(facts.summary()).isEqualTo("demo-0.5b-gen3 · Q4_0 · 23.8M parameters · 1,024-token context");
    }

    @Test
    void fallsBackToTheModelListWhenPropsIsMissing() throws Exception {
        ModelFacts facts = ModelFacts.parse("large", null, json(LLAMA_SERVER_MODELS.replace("Q4_0", "all F32")));

        assertThat(facts.quantization()).isEqualTo("all F32");
        assertThat(facts.contextTokens()).isEqualTo(1024);
        assertThat(facts.engine()).as("only /props says the build").isNull();
    }

    @Test
    void keepsAnEngineThatDescribesItself() {
        assertThat(ModelFacts.engine("llama.cpp via de.kherud:llama 4.2.0 (in-process JNI)"))
                .isEqualTo("llama.cpp via de.kherud:llama 4.2.0 (in-process JNI)");
        assertThat(ModelFacts.parameterCount(1_543_714_304L)).isEqualTo("1.54B");
        assertThat(ModelFacts.parameterCount(31_605_504L)).isEqualTo("31.6M");
    }

    @Test
    void saysWhyNothingCouldBeRead() {
        assertThat(ModelFacts.unreadable("baseline", "connection refused").summary())
                .isEqualTo("not readable (connection refused)");
    }

    private static JsonNode json(String text) throws Exception {
        return Json.MAPPER.readTree(text);
    }
}
