package com.cascade4arm.host.inference;

import com.cascade4arm.host.HostConfig;
import com.cascade4arm.openai.ChatMessage;
import com.cascade4arm.openai.ChatRequest;
import com.cascade4arm.openai.ChatRequestParser;
import com.cascade4arm.openai.OutputOptions;
import de.kherud.llama.InferenceParameters;
import de.kherud.llama.LlamaIterator;
import de.kherud.llama.LlamaModel;
import de.kherud.llama.ModelParameters;
import de.kherud.llama.Pair;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The llama.cpp model behind one host: renders chat templates, counts tokens and starts streaming generations. */
final class LoadedModel implements AutoCloseable {
    /** llama-server's sampling defaults, for requests that leave them out. */

    /**
     * Longest prompt, in characters per token of a slot's context, that is tokenized at all: longer ones cannot fit
     * (real tokens average about 4 characters) and are refused before they reach llama.cpp's tokenizer, whose stack
     * use grows with the text ({@link NativeThreads}).
     */
    static final int MAX_PROMPT_CHARS_PER_TOKEN = 32;

    /**
     * One model load at a time per process: llama.cpp loads run in parallel (several hosts in one JVM) sometimes left a
     * model answering wrongly for the life of the process (a greedy answer ending after 0-4 tokens).
     */
    static final Object LOADING = new Object();

    /**
     * The roles llama.cpp's chat templating takes through de.kherud:llama (system and developer become the system
     * prompt); any other, e.g. {@code tool}, made the binding throw and the host answer 500.
     */
    public static final java.util.Set<String> ROLES = java.util.Set.of(ChatMessage.SYSTEM, "developer", ChatMessage.USER,
            ChatMessage.ASSISTANT);
    private static final GrammarConverter GRAMMARS = GrammarConverter.llamaCpp();

    private final LlamaModel model;
    private final HostConfig config;

    private LoadedModel(LlamaModel model, HostConfig config) {
        this.model = model;
        this.config = config;
    }

    /** Loads the model (and its draft model) with llama.cpp's logs routed through {@link LlamaLogBridge}. */
    static LoadedModel load(HostConfig config) {
        LlamaLogBridge.install();
        ModelParameters parameters = new ModelParameters()
                .setModel(config.model().toString())
                .setCtxSize(config.ctxSize())
                .setThreads(config.threads())
                .setParallel(config.parallel());
        if (config.draftModel() != null) {
            parameters.setModelDraft(config.draftModel().toString())
                    .setDraftMax(config.draftMax())
                    .setDraftMin(config.draftMin())
                    .setDraftPMin(config.draftPMin());
        }
        LlamaLogBridge.configure(parameters, config.draftModel() != null);
        synchronized (LOADING) {
            return new LoadedModel(new LlamaModel(parameters), config);
        }
    }

    /** Applies the model's chat template and checks that prompt and budget fit a slot's context. */
    PreparedPrompt prepare(ChatRequest request) {
        ChatRequestParser.requireRoles(request, ROLES, "this host");
        InferenceParameters templating = new InferenceParameters("").setUseChatTemplate(true);
        templating.setMessages(systemPrompt(request.messages()), conversation(request.messages()));
        int slotContext = config.slotContextTokens();
        int characters = request.messages().stream().mapToInt(message -> message.content().length()).sum();
        if (characters > (long) slotContext * MAX_PROMPT_CHARS_PER_TOKEN) {
            throw new PromptTooLongException(characters / MAX_PROMPT_CHARS_PER_TOKEN, slotContext);
        }
        String prompt = model.applyTemplate(templating);
        int promptTokens = model.encode(prompt).length;
        if (promptTokens >= slotContext) {
            throw new PromptTooLongException(promptTokens, slotContext);
        }
        int budget = request.maxTokens() != null ? request.maxTokens() : slotContext - promptTokens;
        return new PreparedPrompt(request, prompt, promptTokens, budget, grammar(request.output()));
    }

    /** A raw prompt (legacy text completion): no chat template; the same context checks as {@link #prepare}. */
    PreparedPrompt prepareRaw(ChatRequest request, String prompt) {
        int slotContext = config.slotContextTokens();
        if (prompt.length() > (long) slotContext * MAX_PROMPT_CHARS_PER_TOKEN) {
            throw new PromptTooLongException(prompt.length() / MAX_PROMPT_CHARS_PER_TOKEN, slotContext);
        }
        int promptTokens = model.encode(prompt).length;
        if (promptTokens >= slotContext) {
            throw new PromptTooLongException(promptTokens, slotContext);
        }
        int budget = request.maxTokens() != null ? request.maxTokens() : slotContext - promptTokens;
        return new PreparedPrompt(request, prompt, promptTokens, budget, grammar(request.output()));
    }

    /** Starts generating; the iterator yields one output per generated token, then a final stop output. */
    LlamaIterator start(PreparedPrompt prepared) {
        ChatRequest request = prepared.request();
        InferenceParameters parameters = new InferenceParameters(prepared.prompt())
                .setNPredict(prepared.maxTokens() + speculativeSlack())
                .setTemperature(request.temperatureOr(SamplingDefaults.TEMPERATURE))
                .setTopP(request.topPOr(SamplingDefaults.TOP_P))
                .setCachePrompt(true);
        if (request.seed() != null) {
            parameters.setSeed(request.seed());
        }
        if (request.ignoreEos()) {
            parameters.setIgnoreEos(true); // llama-server's ignore_eos: generate exactly max_tokens
        }
        if (!request.stop().isEmpty()) {
            parameters.setStopStrings(request.stop().toArray(String[]::new));
        }
        if (request.presencePenalty() != null) {
            parameters.setPresencePenalty(request.presencePenalty().floatValue());
        }
        if (request.frequencyPenalty() != null) {
            parameters.setFrequencyPenalty(request.frequencyPenalty().floatValue());
        }
        OutputOptions output = request.output();
        if (!output.logitBias().isEmpty()) {
            Map<Integer, Float> bias = new HashMap<>();
            output.logitBias().forEach((token, value) -> bias.put(token, value.floatValue()));
            parameters.setTokenIdBias(bias);
        }
        if (prepared.grammar() != null) {
            parameters.setGrammar(prepared.grammar());
        }
        if (request.draftMax() != null && config.draftModel() != null) {
            RequestDraft.apply(parameters, request.draftMax()); // 0: this request without the draft
        }
        return model.generate(parameters).iterator();
    }

    /**
     * With a draft model llama.cpp counts whole speculative steps against n_predict and can stop up to draft-max tokens
     * short of it (while saying "length"); so a drafted request asks for one step more and {@link GenerationJob} ends
     * the generation at max_tokens itself: the answer is as long as without the draft.
     */
    private int speculativeSlack() {
        return config.draftModel() != null ? config.draftMax() : 0;
    }

    /**
     * response_format's schema as llama.cpp's GBNF grammar (what llama-server does with it); 400 when it cannot be.
     * The schema passed the shared bounds when the request was parsed: the binding's converter aborts the process on a
     * schema it cannot convert, so none may reach it unchecked.
     */
    private static String grammar(OutputOptions output) {
        String schema = output.jsonSchema();
        return schema == null ? null : GRAMMARS.grammar(schema);
    }

    @Override
    public void close() {
        model.close();
    }

    /** All system messages joined, because de.kherud:llama accepts one leading system prompt only. */
    private static String systemPrompt(List<ChatMessage> messages) {
        List<String> parts = new ArrayList<>();
        for (ChatMessage message : messages) {
            if (isSystem(message)) {
                parts.add(message.content());
            }
        }
        return parts.isEmpty() ? null : String.join("\n\n", parts);
    }

    private static List<Pair<String, String>> conversation(List<ChatMessage> messages) {
        List<Pair<String, String>> pairs = new ArrayList<>();
        for (ChatMessage message : messages) {
            if (!isSystem(message)) {
                pairs.add(new Pair<>(message.role(), message.content()));
            }
        }
        return pairs;
    }

    /** OpenAI's "developer" role is a system message under another name. */
    private static boolean isSystem(ChatMessage message) {
        return message.role().equals(ChatMessage.SYSTEM) || message.role().equals("developer");
    }
}
